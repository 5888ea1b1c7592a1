/** Tailwind's md breakpoint: the top bar's desktop navigation shows from here up, the hamburger below. */
export const DESKTOP_NAV_QUERY = '(min-width: 48rem)';
