import { createContext, useContext } from "react";

/**
 * The response's CSP nonce for elements we render ourselves (the inlined
 * stylesheet). Set by entry.server; in the browser it is empty, which is
 * fine: a nonce only matters in the HTML the server sent.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
