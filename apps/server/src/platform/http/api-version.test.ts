import { describe, expect, it } from 'vitest';
import { routedPath } from './api-version.ts';

describe('routedPath', () => {
  it('routes /api/v1 as /api and /api/v1/files as /files; leaves everything else as sent', () => {
    expect(routedPath('/api/v1/tools')).toBe('/api/tools');
    expect(routedPath('/api/v1')).toBe('/api');
    expect(routedPath('/api/v1/files/runs/u/r/output-0.png')).toBe('/files/runs/u/r/output-0.png');
    // The admin console has no versioned path: left as it is, an unknown route.
    expect(routedPath('/api/v1/admin')).toBe('/api/v1/admin');
    expect(routedPath('/api/v1/admin/users')).toBe('/api/v1/admin/users');
    expect(routedPath('/api/v1admin')).toBe('/api/v1admin');
    expect(routedPath('/api/tools')).toBe('/api/tools');
    expect(routedPath('/files/avatars/u/a.webp')).toBe('/files/avatars/u/a.webp');
    expect(routedPath('/pricing')).toBe('/pricing');
  });
});
