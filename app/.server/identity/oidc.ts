/**
 * Strong identification (Finnish Trust Network) through an OpenID Connect broker.
 *
 * Authorization code flow with PKCE (S256), state, nonce and `acr_values`. The same code
 * talks to a real broker and to the embedded development provider; only the configuration
 * differs.
 *
 * Configuration (read at first use, so it can be set after this module is imported):
 * - OIDC_ISSUER                issuer identifier, e.g. https://broker.example/
 * - OIDC_CLIENT_ID             client id registered at the broker
 * - OIDC_PRIVATE_KEY           private JWK (JSON, with `kid`) -> private_key_jwt client authentication
 *   or OIDC_CLIENT_SECRET      -> client_secret_basic
 * - OIDC_IDENTITY_CODE_CLAIM   claim carrying the personal identity code (default personal_identity_code)
 * - OIDC_DECRYPTION_KEY        optional private JWK (JSON, with `kid`) for encrypted ID tokens
 * - OIDC_SIGNED_REQUEST_OBJECT optional, "true" sends the authorization request as a signed request
 *                              object (JAR) signed with OIDC_PRIVATE_KEY
 * - OIDC_ALLOW_HTTP            "true" allows an http issuer (local development only)
 *
 * When OIDC_ISSUER is not set, the configuration given to `configureIdentity()` is used (the
 * embedded development provider).
 */
import * as oidc from "openid-client";
import { requestIdHeaders } from "../request-id";
import { IdentityError, type Jwk } from "./errors";
import { importDecryptionKey, importSigningKey, parseJwk, publicJwk } from "./keys";

export { IdentityError } from "./errors";

export type PendingLogin = {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  acr: string;
  mandate: boolean;
};

export type IdentifiedPerson = {
  identityCode: string;
  firstName?: string;
  lastName?: string;
  acr?: string;
  mandateIdentityCode?: string;
};

export type IdentityConfig = {
  issuer: string;
  clientId: string;
  /** Private JWK with `kid`; enables private_key_jwt client authentication. */
  privateJwk?: Jwk | object;
  /** Client secret for client_secret_basic, used when no private key is given. */
  clientSecret?: string;
  identityCodeClaim?: string;
  allowHttp?: boolean;
  /** Private JWK with `kid` used to decrypt encrypted ID tokens. */
  decryptionJwk?: Jwk | object;
  /** Send the authorization request as a signed request object (needs privateJwk). */
  signedRequestObject?: boolean;
};

export const DEFAULT_IDENTITY_CODE_CLAIM = "personal_identity_code";
export const MANDATE_CLAIM = "mandate_identity_code";

type ClientAuthSettings = { method: "private_key_jwt"; jwk: Jwk } | { method: "client_secret_basic"; secret: string };

type Settings = {
  issuer: URL;
  clientId: string;
  auth: ClientAuthSettings;
  identityCodeClaim: string;
  allowHttp: boolean;
  decryptionJwk?: Jwk;
  signedRequestObject: boolean;
  development: boolean;
};

type Runtime = {
  settings: Settings;
  config: oidc.Configuration;
  signingKey?: oidc.PrivateKey;
};

let injected: IdentityConfig | undefined;
let cache: { key: string; runtime: Promise<Runtime> } | undefined;

/**
 * Sets the configuration used when OIDC_ISSUER is not set (the embedded development
 * provider). Passing `undefined` removes it.
 */
export function configureIdentity(config: IdentityConfig | undefined): void {
  injected = config ? { ...config } : undefined;
  cache = undefined;
}

/** True when the embedded development provider (not an external broker) is in use. */
export function isDevelopmentIdentity(): boolean {
  return !process.env.OIDC_ISSUER && injected !== undefined;
}

/** Public parts of the client's keys, for publishing as the client's `jwks_uri`. */
export function clientPublicJwks(): { keys: Jwk[] } {
  const settings = readSettings();
  const keys: Jwk[] = [];
  if (settings.auth.method === "private_key_jwt") {
    keys.push({ use: "sig", ...publicJwk(settings.auth.jwk) } as Jwk);
  }
  if (settings.decryptionJwk) {
    keys.push({ use: "enc", ...publicJwk(settings.decryptionJwk) } as Jwk);
  }
  return { keys };
}

export async function beginLogin(opts: {
  redirectUri: string;
  acrValue: string;
  uiLocale: "fi" | "sv" | "en";
  mandate?: boolean;
}): Promise<{ url: string; pending: PendingLogin }> {
  const acr = opts.acrValue.trim();
  if (!acr || /\s/.test(acr)) {
    throw new TypeError("acrValue must be a single non-empty ACR value");
  }
  const redirectUri = new URL(opts.redirectUri).href;
  const mandate = opts.mandate === true;
  const { config, settings, signingKey } = await getRuntime();

  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();

  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    response_type: "code",
    scope: mandate ? "openid profile mandate" : "openid profile",
    state,
    nonce,
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
    acr_values: acr,
    ui_locales: opts.uiLocale,
    prompt: "login",
  };

  let url: URL;
  try {
    url =
      settings.signedRequestObject && signingKey
        ? await oidc.buildAuthorizationUrlWithJAR(config, parameters, signingKey)
        : oidc.buildAuthorizationUrl(config, parameters);
  } catch (error) {
    throw new IdentityError("failed", "Could not build the authorization request", { cause: error });
  }

  return { url: url.href, pending: { state, nonce, codeVerifier, redirectUri, acr, mandate } };
}

export async function completeLogin(opts: { currentUrl: URL; pending: PendingLogin }): Promise<IdentifiedPerson> {
  const { pending } = opts;
  const { config, settings } = await getRuntime();

  // Use the redirect URI of the authorization request (not the host the callback happened to
  // arrive at), so the token request repeats it exactly.
  const callbackUrl = new URL(pending.redirectUri);
  callbackUrl.search = opts.currentUrl.search;

  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw toIdentityError(error);
  }

  const claims = tokens.claims();
  if (!claims) {
    throw new IdentityError("invalid", "The token response did not contain an ID token");
  }

  const claimName = settings.identityCodeClaim;
  let identityCode = stringClaim(claims[claimName]);
  let firstName = stringClaim(claims.given_name);
  let lastName = stringClaim(claims.family_name);
  let mandateIdentityCode = pending.mandate ? stringClaim(claims[MANDATE_CLAIM]) : undefined;

  if (!identityCode || (pending.mandate && !mandateIdentityCode)) {
    let userinfo: oidc.UserInfoResponse;
    try {
      userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    } catch (error) {
      throw toIdentityError(error);
    }
    identityCode ??= stringClaim(userinfo[claimName]);
    firstName ??= stringClaim(userinfo.given_name);
    lastName ??= stringClaim(userinfo.family_name);
    if (pending.mandate) mandateIdentityCode ??= stringClaim(userinfo[MANDATE_CLAIM]);
  }

  if (!identityCode) {
    throw new IdentityError("invalid", `The identification response did not contain the "${claimName}" claim`);
  }

  const person: IdentifiedPerson = { identityCode: normaliseCode(identityCode) };
  if (firstName) person.firstName = firstName;
  if (lastName) person.lastName = lastName;
  const acr = stringClaim(claims.acr);
  if (acr) person.acr = acr;
  if (mandateIdentityCode) person.mandateIdentityCode = normaliseCode(mandateIdentityCode);
  return person;
}

// ---------------------------------------------------------------------------------------------

function readSettings(): Settings {
  const env = process.env;
  if (env.OIDC_ISSUER) {
    const privateKey = env.OIDC_PRIVATE_KEY?.trim();
    const decryptionKey = env.OIDC_DECRYPTION_KEY?.trim();
    return buildSettings(
      {
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID ?? "",
        privateJwk: privateKey ? parseJwk(privateKey, "OIDC_PRIVATE_KEY") : undefined,
        clientSecret: env.OIDC_CLIENT_SECRET || undefined,
        identityCodeClaim: env.OIDC_IDENTITY_CODE_CLAIM?.trim() || undefined,
        allowHttp: env.OIDC_ALLOW_HTTP === "true",
        decryptionJwk: decryptionKey ? parseJwk(decryptionKey, "OIDC_DECRYPTION_KEY") : undefined,
        signedRequestObject: env.OIDC_SIGNED_REQUEST_OBJECT === "true",
      },
      false,
    );
  }
  if (injected) return buildSettings(injected, true);
  throw new IdentityError(
    "failed",
    "Strong identification is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_PRIVATE_KEY or OIDC_CLIENT_SECRET",
  );
}

function buildSettings(config: IdentityConfig, development: boolean): Settings {
  let issuer: URL;
  try {
    issuer = new URL(config.issuer);
  } catch {
    throw new IdentityError("failed", "OIDC issuer is not a valid URL");
  }
  const allowHttp = config.allowHttp === true;
  if (issuer.protocol !== "https:" && !(allowHttp && issuer.protocol === "http:")) {
    throw new IdentityError(
      "failed",
      "OIDC issuer must use https (OIDC_ALLOW_HTTP=true allows http for local development)",
    );
  }
  if (!config.clientId) throw new IdentityError("failed", "OIDC client id is not configured");

  let auth: ClientAuthSettings;
  if (config.privateJwk) {
    const jwk = config.privateJwk as Jwk;
    if (!jwk.kid) throw new IdentityError("failed", "The OIDC private key must have a kid");
    if (!("d" in jwk) || !jwk.d) throw new IdentityError("failed", "The OIDC private key must be a private JWK");
    auth = { method: "private_key_jwt", jwk };
  } else if (config.clientSecret) {
    auth = { method: "client_secret_basic", secret: config.clientSecret };
  } else {
    throw new IdentityError("failed", "OIDC client authentication is not configured (private key or client secret)");
  }

  const decryptionJwk = config.decryptionJwk as Jwk | undefined;
  if (decryptionJwk && !decryptionJwk.d) {
    throw new IdentityError("failed", "The OIDC decryption key must be a private JWK");
  }
  if (config.signedRequestObject && auth.method !== "private_key_jwt") {
    throw new IdentityError("failed", "Signed request objects need a private key (OIDC_PRIVATE_KEY)");
  }

  return {
    issuer,
    clientId: config.clientId,
    auth,
    identityCodeClaim: config.identityCodeClaim || DEFAULT_IDENTITY_CODE_CLAIM,
    allowHttp,
    decryptionJwk,
    signedRequestObject: config.signedRequestObject === true,
    development,
  };
}

async function getRuntime(): Promise<Runtime> {
  const settings = readSettings();
  const key = JSON.stringify(settings);
  if (!cache || cache.key !== key) {
    const runtime = createRuntime(settings);
    const entry = { key, runtime };
    cache = entry;
    // A failed discovery is not cached: the next login tries again.
    runtime.catch(() => {
      if (cache === entry) cache = undefined;
    });
  }
  return cache.runtime;
}

async function createRuntime(settings: Settings): Promise<Runtime> {
  try {
    let signingKey: oidc.PrivateKey | undefined;
    let clientAuth: oidc.ClientAuth;
    if (settings.auth.method === "private_key_jwt") {
      signingKey = { key: await importSigningKey(settings.auth.jwk), kid: settings.auth.jwk.kid };
      clientAuth = oidc.PrivateKeyJwt(signingKey);
    } else {
      clientAuth = oidc.ClientSecretBasic(settings.auth.secret);
    }

    const config = await oidc.discovery(settings.issuer, settings.clientId, undefined, clientAuth, {
      execute: settings.allowHttp ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    // The broker's calls during a login (token, keys) carry the request's id.
    config[oidc.customFetch] = (url, options) => {
      const headers = new Headers(options.headers);
      for (const [name, value] of Object.entries(requestIdHeaders())) headers.set(name, value);
      return fetch(url, { ...options, headers } as RequestInit);
    };

    if (settings.decryptionJwk) {
      const { key, alg } = await importDecryptionKey(settings.decryptionJwk);
      oidc.enableDecryptingResponses(config, undefined, { key, alg, kid: settings.decryptionJwk.kid });
    }

    return { settings, config, signingKey };
  } catch (error) {
    if (error instanceof IdentityError) throw error;
    throw new IdentityError("failed", `OpenID Connect discovery failed for ${settings.issuer.href}`, { cause: error });
  }
}

const INVALID_RESPONSE_CODES = new Set([
  "OAUTH_INVALID_RESPONSE",
  "OAUTH_JWT_CLAIM_COMPARISON_FAILED",
  "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED",
  "OAUTH_JWT_TIMESTAMP_CHECK_FAILED",
  "OAUTH_PARSE_ERROR",
  "OAUTH_KEY_SELECTION_FAILED",
]);

function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    if (error.error === "access_denied") {
      return new IdentityError("cancelled", "The identification was cancelled", { cause: error });
    }
    return new IdentityError("failed", `The identification broker returned "${error.error}"`, { cause: error });
  }
  if (error instanceof oidc.ResponseBodyError) {
    const code = error.error === "invalid_grant" ? "invalid" : "failed";
    return new IdentityError(code, `The token endpoint returned "${error.error}"`, { cause: error });
  }
  if (error instanceof oidc.ClientError && error.code && INVALID_RESPONSE_CODES.has(error.code)) {
    return new IdentityError("invalid", `Invalid identification response: ${error.message}`, { cause: error });
  }
  return new IdentityError("failed", "The identification could not be completed", { cause: error });
}

function stringClaim(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

function normaliseCode(value: string): string {
  return value.trim().toUpperCase();
}
