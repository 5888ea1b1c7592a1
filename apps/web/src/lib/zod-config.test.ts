import { describe, expect, it } from 'vitest';
import './zod-config.ts';

describe('zod settings of the web app', () => {
  it('are the ones zod reads: jitless, so no eval is attempted under the CSP', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
