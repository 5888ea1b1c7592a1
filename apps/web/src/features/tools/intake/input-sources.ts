/**
 * Where a tool's input image can come from besides a file the user picks, drops or pastes:
 * a sample that ships with Atelier, or (later) another run's output. Each becomes a File and
 * then takes the same path as an upload (the same checks, the same state), so the page has
 * one kind of input whatever its source.
 */
export async function fileFromUrl(url: string, fileName: string): Promise<File> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], fileName, { type: blob.type });
}
