import type { MiddlewareHandler } from 'hono';

/** The directives every page shares; `scriptSrc` is the one the two policies differ in. */
const policy = (scriptSrc: string) =>
  [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
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

/**
 * The web app loads only its own scripts, its own styles, and images from itself, data: and
 * blob: URLs. 'wasm-unsafe-eval' lets the in-browser background removal compile WebAssembly.
 * Inline styles stay allowed: the toast library injects a <style> element.
 */
const PAGE_SCRIPT_SRC = "'self' 'wasm-unsafe-eval'";
export const CONTENT_SECURITY_POLICY = policy(PAGE_SCRIPT_SRC);

/**
 * A page's policy: its own scripts, and the inline ones (React Router's hydration data and
 * module script, the theme's) by this response's nonce — no other inline script (an injected
 * one) can run.
 */
export const pagePolicy = (nonce: string) => policy(`${PAGE_SCRIPT_SRC} 'nonce-${nonce}'`);

/**
 * The policy of the web app's workers (/assets/workers/, served by web-app.ts). A worker loaded from
 * a URL takes its policy from its own response, and the workers it starts from blob: URLs
 * inherit it. onnxruntime-web 1.17's wasm threads run `importScripts(blob:…)` of the runtime
 * they share, so background removal on several threads needs `blob:` in `script-src` — here
 * only, inside the worker, never in the page.
 */
export const WORKER_CONTENT_SECURITY_POLICY = policy("'self' blob: 'wasm-unsafe-eval'");

/**
 * Headers on every response. COOP `same-origin` + COEP `require-corp` make the web app's documents
 * cross-origin isolated, which SharedArrayBuffer (and so onnxruntime's wasm threads) needs.
 * `require-corp` rather than `credentialless`: Atelier embeds nothing from another origin
 * (the CSP allows only 'self', data: and blob:), every response carries CORP `same-origin`,
 * and `require-corp` is the value every browser with cross-origin isolation supports.
 */
export function securityHeaders(options: { hsts: boolean; contentSecurityPolicy?: string }): MiddlewareHandler {
  const contentSecurityPolicy = options.contentSecurityPolicy ?? CONTENT_SECURITY_POLICY;
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has('Content-Security-Policy')) {
      h.set('Content-Security-Policy', contentSecurityPolicy);
    }
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', h.get('Cross-Origin-Opener-Policy') ?? 'same-origin');
    h.set('Cross-Origin-Embedder-Policy', h.get('Cross-Origin-Embedder-Policy') ?? 'require-corp');
    h.set('Cross-Origin-Resource-Policy', h.get('Cross-Origin-Resource-Policy') ?? 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.hsts) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
