/** The two screens every page is looked at on: a laptop and a phone. */
export const VIEWPORTS = {
  laptop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
