import type { Language } from '@atelier/contracts';

/**
 * What the API server hands React Router with each page request (its `loadContext`): the
 * visitor's language as the server chose it, PUBLIC_URL, whether the browser said it is a
 * phone, the response's CSP nonce, and the API answering in-process as the visitor.
 * apps/server/src/platform/http/pages/react-router-pages.ts builds it.
 */
export interface PageContext {
  language: Language;
  publicUrl: string;
  /** `Sec-CH-UA-Mobile: ?1`: the gallery sends a phone fewer layouts. */
  mobile: boolean;
  /** This response's Content-Security-Policy nonce, on every script the page carries. */
  nonce: string;
  /** Answers an API request in-process, with the visitor's cookies. */
  api: (request: Request) => Promise<Response>;
}

declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}
