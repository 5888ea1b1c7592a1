const formats = new Map<string, unknown>();

/**
 * One Intl formatter per key (language and options), made at its first use and kept: making
 * one is the costly part — the first of a kind loads the locale's data, a long task on a phone.
 */
export function cachedIntlFormat<T>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (format === undefined) {
    format = make();
    formats.set(key, format);
  }
  return format;
}
