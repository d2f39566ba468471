import { createContext, useContext } from 'react';

declare module 'react-router' {
  interface AppLoadContext {
    /** The script nonce of this page's Content-Security-Policy (server/src/web-csp.ts). */
    cspNonce?: string;
  }
}

/**
 * The page's script nonce while rendering on the server; undefined in the browser, where it is no
 * longer needed (React Router's scripts suppress the hydration difference) and in the dev server.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
