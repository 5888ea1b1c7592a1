import { describe, expect, it } from 'vitest';
import { callbackHref, loginHref, redirectTargetOf, safeRedirectTarget } from './redirect-target.ts';

describe('safeRedirectTarget', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeRedirectTarget('/tools/image-generation')).toBe('/tools/image-generation');
    expect(safeRedirectTarget('/gallery?tab=mine')).toBe('/gallery?tab=mine');
    expect(safeRedirectTarget('/profile#billing')).toBe('/profile#billing');
    expect(safeRedirectTarget('/')).toBe('/');
  });

  it('gives "/" when nothing was asked for', () => {
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget(undefined)).toBe('/');
    expect(safeRedirectTarget('')).toBe('/');
  });

  it.each([
    '//evil.com',
    '//evil.com/tools/x',
    '///evil.com',
    'https://evil.com',
    'http://localhost/tools/x',
    'javascript:alert(1)',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/%2fevil.com',
    '/%5Cevil.com',
    'tools/x',
    ' /tools/x',
  ])('refuses %j (another site, or not a path)', (target) => {
    expect(safeRedirectTarget(target)).toBe('/');
  });

  it('does not send back to the sign-in pages (a loop)', () => {
    expect(safeRedirectTarget('/login')).toBe('/');
    expect(safeRedirectTarget('/login/?next=/x')).toBe('/');
    expect(safeRedirectTarget('/auth/callback')).toBe('/');
    expect(safeRedirectTarget('/LOGIN')).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirectTarget('/tools/../history')).toBe('/history');
    expect(safeRedirectTarget('/../../evil.com')).toBe('/evil.com');
  });
});

describe('the addresses that carry a target', () => {
  it('reads next from /login’s query', () => {
    expect(redirectTargetOf(new URLSearchParams('next=%2Ftools%2Fvectorization'))).toBe('/tools/vectorization');
    expect(redirectTargetOf(new URLSearchParams('next=https%3A%2F%2Fevil.com'))).toBe('/');
    expect(redirectTargetOf(new URLSearchParams(''))).toBe('/');
  });

  it('builds /login with the form and the target asked for', () => {
    expect(loginHref()).toBe('/login');
    expect(loginHref({ next: '/' })).toBe('/login');
    expect(loginHref({ next: '//evil.com' })).toBe('/login');
    expect(loginHref({ signUp: true })).toBe('/login?mode=signup');
    expect(loginHref({ next: '/tools/ai-eraser', signUp: true })).toBe('/login?mode=signup&next=%2Ftools%2Fai-eraser');
    const search = new URL(loginHref({ next: '/gallery?tab=mine' }), 'http://x').searchParams;
    expect(redirectTargetOf(search)).toBe('/gallery?tab=mine');
  });

  it('builds the callback address with the target', () => {
    expect(callbackHref('/auth/callback', '/')).toBe('/auth/callback');
    expect(callbackHref('/auth/callback', '/tools/x')).toBe('/auth/callback?next=%2Ftools%2Fx');
    expect(callbackHref('/auth/callback', 'https://evil.com')).toBe('/auth/callback');
  });
});
