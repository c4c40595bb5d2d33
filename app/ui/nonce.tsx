import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this response (server only; the browser does not need it after load). */
export function useNonce() {
  return useContext(NonceContext);
}
