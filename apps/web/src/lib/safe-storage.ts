/** localStorage, or undefined where the browser blocks it (private modes, sandboxed frames). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
