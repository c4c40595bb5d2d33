import { IdentityError, type Jwk } from "./errors";

/** The client's keys as JWKs: parsed from the configuration, their public parts, and imported for WebCrypto. */

const PRIVATE_MEMBERS = new Set(["d", "p", "q", "dp", "dq", "qi", "k", "oth"]);
const IMPORT_IGNORED = new Set(["alg", "use", "kid", "key_ops", "ext", "x5c", "x5t", "x5t#S256", "x5u"]);

export function parseJwk(value: string, name: string): Jwk {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Jwk;
  } catch {
    // reported below
  }
  throw new IdentityError("failed", `${name} must be a JWK as a JSON object`);
}

export function publicJwk(jwk: Jwk): Jwk {
  return Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as Jwk;
}

export function importableJwk(jwk: Jwk): JsonWebKey {
  return Object.fromEntries(Object.entries(jwk).filter(([name]) => !IMPORT_IGNORED.has(name))) as JsonWebKey;
}

export async function importSigningKey(jwk: Jwk): Promise<CryptoKey> {
  let algorithm: RsaHashedImportParams | EcKeyImportParams | Algorithm;
  switch (jwk.kty) {
    case "EC": {
      const curve = jwk.crv ?? "P-256";
      algorithm = { name: "ECDSA", namedCurve: curve };
      break;
    }
    case "RSA": {
      const alg = jwk.alg ?? "RS256";
      const hash = `SHA-${alg.slice(-3)}`;
      algorithm = alg.startsWith("PS") ? { name: "RSA-PSS", hash } : { name: "RSASSA-PKCS1-v1_5", hash };
      break;
    }
    case "OKP":
      algorithm = { name: jwk.crv ?? "Ed25519" };
      break;
    default:
      throw new IdentityError("failed", `Unsupported private key type ${String(jwk.kty)}`);
  }
  return crypto.subtle.importKey("jwk", importableJwk(jwk), algorithm, false, ["sign"]);
}

export async function importDecryptionKey(jwk: Jwk): Promise<{ key: CryptoKey; alg?: string }> {
  if (jwk.kty === "RSA") {
    const alg = jwk.alg ?? "RSA-OAEP-256";
    const sha = alg === "RSA-OAEP" ? "SHA-1" : `SHA-${alg.slice(-3)}`;
    const key = await crypto.subtle.importKey("jwk", importableJwk(jwk), { name: "RSA-OAEP", hash: sha }, false, [
      "decrypt",
      "unwrapKey",
    ]);
    return { key, alg };
  }
  if (jwk.kty === "EC" || jwk.kty === "OKP") {
    const algorithm =
      jwk.kty === "EC" ? { name: "ECDH", namedCurve: jwk.crv ?? "P-256" } : { name: jwk.crv ?? "X25519" };
    const key = await crypto.subtle.importKey("jwk", importableJwk(jwk), algorithm, false, ["deriveBits"]);
    return { key, alg: jwk.alg };
  }
  throw new IdentityError("failed", `Unsupported decryption key type ${String(jwk.kty)}`);
}
