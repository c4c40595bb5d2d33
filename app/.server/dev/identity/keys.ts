import { createHash, generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import type { ClientMetadata, JWK } from "oidc-provider";

/** The development identity provider's keys: its own signing key, the portal's client keys, ID token encryption. */

const generateKeyPairAsync = promisify(generateKeyPair);

/** RFC 7638 thumbprint, used as the key id. */
function thumbprint(jwk: Record<string, unknown>): string {
  const members =
    jwk.kty === "RSA"
      ? { e: jwk.e, kty: jwk.kty, n: jwk.n }
      : jwk.kty === "EC"
        ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
        : { crv: jwk.crv, kty: jwk.kty, x: jwk.x };
  return createHash("sha256").update(JSON.stringify(members)).digest("base64url");
}

/** An ES256 key pair for the portal (private_key_jwt); the private JWK carries the same kid. */
export async function generateClientKeys(): Promise<{ privateJwk: object; publicJwks: { keys: object[] } }> {
  const { privateKey, publicKey } = await generateKeyPairAsync("ec", { namedCurve: "P-256" });
  const publicJwk = publicKey.export({ format: "jwk" }) as Record<string, unknown>;
  const kid = thumbprint(publicJwk);
  const privateJwk = {
    ...(privateKey.export({ format: "jwk" }) as Record<string, unknown>),
    kid,
    alg: "ES256",
    use: "sig",
  };
  return { privateJwk, publicJwks: { keys: [{ ...publicJwk, kid, alg: "ES256", use: "sig" }] } };
}

export async function generateProviderSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPairAsync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as Record<string, unknown>;
  return { ...jwk, kid: thumbprint(jwk), alg: "RS256", use: "sig" } as JWK;
}

export function encryptionSettings(clientJwks: { keys: object[] }): Partial<ClientMetadata> {
  const encKey = (clientJwks.keys as Array<Record<string, unknown>>).find((key) => key.use === "enc");
  if (!encKey) return {};
  const alg = typeof encKey.alg === "string" ? encKey.alg : encKey.kty === "RSA" ? "RSA-OAEP-256" : "ECDH-ES";
  return {
    id_token_encrypted_response_alg: alg,
    id_token_encrypted_response_enc: "A256GCM",
  } as Partial<ClientMetadata>;
}
