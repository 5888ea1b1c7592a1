import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeZone } from './device-fingerprint.ts';

describe('timeZone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is Temporal's answer where the browser has Temporal", () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Tokyo' } });
    expect(timeZone()).toBe('Asia/Tokyo');
  });

  it("is Intl's answer without Temporal", () => {
    vi.stubGlobal('Temporal', undefined);
    expect(timeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
