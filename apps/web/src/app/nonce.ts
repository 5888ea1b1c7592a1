import { createContext, useContext } from 'react';

/**
 * The response's CSP nonce, for the scripts the document carries (React Router's, the theme's).
 * Set by entry.server.tsx; empty in the browser, which hides a nonce from the page anyway.
 */
export const NonceContext = createContext('');

export const useNonce = () => useContext(NonceContext);
