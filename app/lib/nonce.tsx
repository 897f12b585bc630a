import { createContext, useContext } from "react";

// The per-request CSP nonce, given to <Scripts> and <ScrollRestoration>. Browsers hide the nonce
// attribute from scripts, so on the client the value is "" and React keeps the server's.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
