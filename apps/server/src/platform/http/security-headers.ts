import type { MiddlewareHandler } from 'hono';

/**
 * The built SPA loads only its own scripts (no inline script: the theme is set by
 * /theme-init.js), its own styles, and images from itself, data: and blob: URLs.
 * 'wasm-unsafe-eval' lets the in-browser background removal compile WebAssembly.
 * Inline styles stay allowed: the toast library injects a <style> element.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data:",
  "worker-src 'self' blob:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has('Content-Security-Policy')) {
      h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    }
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', h.get('Cross-Origin-Opener-Policy') ?? 'same-origin');
    h.set('Cross-Origin-Resource-Policy', h.get('Cross-Origin-Resource-Policy') ?? 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.hsts) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
