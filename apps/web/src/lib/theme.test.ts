import { describe, expect, it } from 'vitest';
import { isDarkTheme, isTheme, readStoredTheme } from './theme.ts';

const at = (hour: number, minute = 0) => new Date(2025, 4, 22, hour, minute);

describe('isDarkTheme', () => {
  it('time mode is dark from 18:00 to before 06:00', () => {
    expect(isDarkTheme('time', at(17, 59), false)).toBe(false);
    expect(isDarkTheme('time', at(18, 0), false)).toBe(true);
    expect(isDarkTheme('time', at(20, 0), false)).toBe(true);
    expect(isDarkTheme('time', at(0, 0), false)).toBe(true);
    expect(isDarkTheme('time', at(5, 59), false)).toBe(true);
    expect(isDarkTheme('time', at(6, 0), true)).toBe(false);
    expect(isDarkTheme('time', at(10, 0), true)).toBe(false);
  });

  it('system mode follows the OS preference', () => {
    expect(isDarkTheme('system', at(12), true)).toBe(true);
    expect(isDarkTheme('system', at(22), false)).toBe(false);
  });

  it('light and dark ignore the clock and the OS', () => {
    expect(isDarkTheme('light', at(23), true)).toBe(false);
    expect(isDarkTheme('dark', at(12), false)).toBe(true);
  });
});

describe('stored theme', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it('defaults to time, ignoring unknown values', () => {
    expect(readStoredTheme(storage(null))).toBe('time');
    expect(readStoredTheme(storage('sepia'))).toBe('time');
    expect(readStoredTheme(storage('dark'))).toBe('dark');
    expect(readStoredTheme(undefined)).toBe('time');
  });
  it('recognises the four themes', () => {
    expect(['light', 'dark', 'system', 'time'].every(isTheme)).toBe(true);
    expect(isTheme('auto')).toBe(false);
  });
});
