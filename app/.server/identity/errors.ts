/** How identification fails, and the JWK shape of the client's keys (shared by oidc.ts and keys.ts). */

export type IdentityErrorCode = "cancelled" | "invalid" | "failed";

/**
 * - "cancelled": the person cancelled the identification (error=access_denied)
 * - "invalid":   the response failed validation (state, nonce, signature, missing claims, used code...)
 * - "failed":    anything else (configuration, network, broker errors)
 */
export class IdentityError extends Error {
  readonly code: IdentityErrorCode;

  constructor(code: IdentityErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "IdentityError";
    this.code = code;
  }
}

export type Jwk = JsonWebKey & { kid?: string };
