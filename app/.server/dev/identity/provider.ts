/**
 * Development identity provider: an OpenID Connect provider (oidc-provider) that stands in for
 * the FTN identification broker and, for the guardian flow, for the government mandate service.
 *
 * Mount the returned router at the issuer's path, e.g.
 *   app.use(new URL(issuer).pathname, await createDevIdentityProvider({ issuer, ... }))
 *
 * Claims: sub (random per login), given_name, family_name, personal_identity_code and, when the
 * `mandate` scope was requested and a child was chosen, mandate_identity_code. All of them are
 * put into the ID token. The acr of the ID token is the requested acr_values entry.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import express from "express";
import type { NextFunction, Request, Response, Router } from "express";
import Provider from "oidc-provider";
import type { Account, Configuration, JWK, KoaContextWithOIDC } from "oidc-provider";

import { encryptionSettings, generateProviderSigningKey } from "./keys";
import { createMemoryAdapterFactory } from "./memory-adapter";
import {
  DEV_CSS,
  renderErrorPage,
  renderLoginPage,
  renderMandatePage,
  type LoginFormState,
  type PageContext,
} from "./pages";
import { DEV_TEXTS, pickLocale, type DevLocale } from "./texts";

export type DemoPerson = { identityCode: string; firstName: string; lastName: string; description: string };
export type DemoChild = { identityCode: string; firstName: string; lastName: string; age: number };

export type DevIdentityProviderOptions = {
  /** e.g. "http://localhost:3000/dev/identity"; the router must be mounted at this URL's path. */
  issuer: string;
  clientId: string;
  /** The portal's public keys (private_key_jwt; an `enc` key turns on ID token encryption). */
  clientJwks: { keys: object[] };
  redirectUris: string[];
  listDemoPeople(): Promise<DemoPerson[]>;
  listChildren(guardianIdentityCode: string): Promise<DemoChild[]>;
  validateIdentityCode(code: string): boolean;
  /** acr value -> display name, e.g. { "urn:ftn:nordea": "Nordea" } */
  acrLabels: Record<string, string>;
};

export const IDENTITY_CODE_CLAIM = "personal_identity_code";
export const MANDATE_CLAIM = "mandate_identity_code";

const SUPPORTED_SCOPES = ["openid", "profile", "mandate"] as const;
const INTERACTION_TTL = 10 * 60;
const ACCOUNT_TTL_MS = 15 * 60 * 1000;
const MAX_FIELD_LENGTH = 100;

type StoredAccount = { claims: Record<string, string>; expires: number };
type ChosenPerson = { identityCode: string; firstName?: string; lastName?: string };
type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

function firstString(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return "";
}

function field(body: unknown, name: string): string {
  if (!body || typeof body !== "object") return "";
  return firstString((body as Record<string, unknown>)[name]).slice(0, MAX_FIELD_LENGTH);
}

function normaliseCode(value: string): string {
  return value.trim().toUpperCase();
}

export async function createDevIdentityProvider(opts: DevIdentityProviderOptions): Promise<Router> {
  const issuerUrl = new URL(opts.issuer);
  const basePath = issuerUrl.pathname.replace(/\/+$/, "");
  const csrfSecret = randomBytes(32);
  const accounts = new Map<string, StoredAccount>();
  // Guardians chosen on page 1 while the mandate page (page 2) is pending, by interaction uid.
  const pendingGuardians = new Map<string, { person: ChosenPerson; expires: number }>();

  const formActionSources = new Set(["'self'"]);
  for (const uri of opts.redirectUris) formActionSources.add(new URL(uri).origin);
  const contentSecurityPolicy = `default-src 'self'; form-action ${[...formActionSources].join(" ")}; frame-ancestors 'none'`;

  function pruneExpired(): void {
    const now = Date.now();
    for (const [id, account] of accounts) if (account.expires < now) accounts.delete(id);
    for (const [uid, pending] of pendingGuardians) if (pending.expires < now) pendingGuardians.delete(uid);
  }

  const findAccount: Configuration["findAccount"] = (_ctx, sub) => {
    const stored = accounts.get(sub);
    if (!stored || stored.expires < Date.now()) return undefined;
    const account: Account = {
      accountId: sub,
      claims: () => ({ sub, ...stored.claims }),
    };
    return account;
  };

  const cookieOptions = { httpOnly: true, sameSite: "lax" as const, signed: true };

  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: opts.clientId,
        token_endpoint_auth_method: "private_key_jwt",
        jwks: opts.clientJwks as { keys: JWK[] },
        redirect_uris: opts.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        id_token_signed_response_alg: "RS256",
        ...encryptionSettings(opts.clientJwks),
      },
    ],
    jwks: { keys: [await generateProviderSigningKey()] },
    // Like an FTN broker: authorization code flow only, private_key_jwt client authentication.
    responseTypes: ["code"],
    clientAuthMethods: ["private_key_jwt"],
    scopes: [...SUPPORTED_SCOPES],
    claims: {
      openid: ["sub"],
      profile: ["given_name", "family_name", IDENTITY_CODE_CLAIM, MANDATE_CLAIM],
      mandate: [MANDATE_CLAIM],
    },
    acrValues: Object.keys(opts.acrLabels),
    conformIdTokenClaims: false,
    findAccount,
    cookies: {
      names: { session: "_dev_idp_session", interaction: "_dev_idp_interaction", resume: "_dev_idp_resume" },
      keys: [randomBytes(32).toString("base64url")],
      // sameSite=lax rather than the default "none": browsers drop SameSite=None cookies that
      // are not Secure, and the development issuer runs over plain http.
      long: cookieOptions,
      short: cookieOptions,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
      encryption: { enabled: true },
      requestObjects: { request: true, requireSignedRequestObject: false },
    },
    pkce: { methods: ["S256"], required: () => true },
    ttl: {
      Interaction: INTERACTION_TTL,
      Session: INTERACTION_TTL,
      Grant: INTERACTION_TTL,
      AuthorizationCode: 60,
      AccessToken: 5 * 60,
      IdToken: 5 * 60,
    },
    interactions: {
      url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}`,
    },
    clientBasedCORS: () => false,
    renderError: (ctx: KoaContextWithOIDC, out) => {
      const locale = pickLocale(ctx.oidc?.params?.ui_locales);
      ctx.type = "html";
      ctx.set("Cache-Control", "no-store");
      ctx.set("Content-Security-Policy", contentSecurityPolicy);
      ctx.body = renderErrorPage({
        locale,
        basePath,
        message: DEV_TEXTS[locale].badRequest,
        detail: [out.error, out.error_description].filter(Boolean).join(": "),
      });
    },
  };

  const provider = new Provider(opts.issuer, configuration);
  provider.proxy = false;

  function csrfToken(uid: string): string {
    return createHmac("sha256", csrfSecret).update(`interaction:${uid}`).digest("base64url");
  }

  function csrfValid(uid: string, token: string): boolean {
    const expected = Buffer.from(csrfToken(uid));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function pageContext(interaction: Interaction): PageContext {
    return {
      locale: pickLocale(interaction.params.ui_locales),
      basePath,
      uid: interaction.uid,
      csrf: csrfToken(interaction.uid),
    };
  }

  function requestedAcr(interaction: Interaction): { acr?: string; label?: string } {
    const values = firstString(interaction.params.acr_values).split(/\s+/).filter(Boolean);
    const known = values.find((value) => Object.hasOwn(opts.acrLabels, value));
    if (known) return { acr: known, label: opts.acrLabels[known] };
    return values[0] ? { label: values[0] } : {};
  }

  function mandateRequested(interaction: Interaction): boolean {
    return firstString(interaction.params.scope).split(/\s+/).includes("mandate");
  }

  function setPageHeaders(res: Response): void {
    res.set({
      "Cache-Control": "no-store",
      "Content-Security-Policy": contentSecurityPolicy,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
  }

  function sendError(res: Response, status: number, locale: DevLocale, message: string): void {
    setPageHeaders(res);
    res.status(status).type("html").send(renderErrorPage({ locale, basePath, message }));
  }

  class HttpError extends Error {
    constructor(
      readonly status: number,
      readonly kind: "expired" | "forbidden" | "badRequest",
    ) {
      super(kind);
    }
  }

  /** Loads the interaction of the request's cookie and checks it is the one in the path. */
  async function loadInteraction(req: Request, res: Response): Promise<Interaction> {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch {
      throw new HttpError(400, "expired");
    }
    if (interaction.uid !== req.params.uid) throw new HttpError(400, "expired");
    return interaction;
  }

  /** For POSTs: CSRF check first (bound to the uid in the path), then the interaction. */
  async function loadPostedInteraction(req: Request, res: Response): Promise<Interaction> {
    const uid = String(req.params.uid);
    if (!csrfValid(uid, field(req.body, "csrf"))) throw new HttpError(403, "forbidden");
    return loadInteraction(req, res);
  }

  async function renderLogin(
    res: Response,
    interaction: Interaction,
    form: LoginFormState,
    status = 200,
  ): Promise<void> {
    const people = await opts.listDemoPeople();
    setPageHeaders(res);
    res
      .status(status)
      .type("html")
      .send(renderLoginPage(pageContext(interaction), { methodLabel: requestedAcr(interaction).label, people, form }));
  }

  async function renderMandate(res: Response, interaction: Interaction, guardian: ChosenPerson): Promise<void> {
    const children = await opts.listChildren(guardian.identityCode);
    const name = [guardian.firstName, guardian.lastName].filter(Boolean).join(" ") || guardian.identityCode;
    setPageHeaders(res);
    res
      .status(200)
      .type("html")
      .send(
        renderMandatePage(pageContext(interaction), {
          guardianName: name,
          guardianIdentityCode: guardian.identityCode,
          children,
        }),
      );
  }

  /**
   * A browser that identified before still has a provider session for the previous (random)
   * account. Drop it, so that finishing with a new account does not trigger the provider's
   * "different account, log out first" page.
   */
  async function dropPreviousSession(interaction: Interaction): Promise<void> {
    if (!interaction.session) return;
    const session = interaction.session.uid ? await provider.Session.findByUid(interaction.session.uid) : undefined;
    if (session) await session.destroy();
    delete interaction.session;
    await interaction.persist();
  }

  async function finishLogin(
    req: Request,
    res: Response,
    interaction: Interaction,
    person: ChosenPerson,
    mandateIdentityCode?: string,
  ): Promise<void> {
    pruneExpired();
    pendingGuardians.delete(interaction.uid);

    const accountId = randomUUID();
    const claims: Record<string, string> = { [IDENTITY_CODE_CLAIM]: person.identityCode };
    if (person.firstName) claims.given_name = person.firstName;
    if (person.lastName) claims.family_name = person.lastName;
    if (mandateIdentityCode) claims[MANDATE_CLAIM] = mandateIdentityCode;
    accounts.set(accountId, { claims, expires: Date.now() + ACCOUNT_TTL_MS });

    await dropPreviousSession(interaction);

    const requestedScopes = new Set(firstString(interaction.params.scope).split(/\s+/));
    const grant = new provider.Grant({ accountId, clientId: firstString(interaction.params.client_id) });
    grant.addOIDCScope(SUPPORTED_SCOPES.filter((scope) => requestedScopes.has(scope)).join(" "));
    const grantId = await grant.save();

    const { acr } = requestedAcr(interaction);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId, remember: false, ...(acr ? { acr } : {}) }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /** Page 1 done: go to the mandate page when the mandate scope was requested, else finish. */
  async function personChosen(
    req: Request,
    res: Response,
    interaction: Interaction,
    person: ChosenPerson,
  ): Promise<void> {
    if (mandateRequested(interaction)) {
      pruneExpired();
      pendingGuardians.set(interaction.uid, { person, expires: Date.now() + INTERACTION_TTL * 1000 });
      res.redirect(303, `${basePath}/interaction/${encodeURIComponent(interaction.uid)}`);
      return;
    }
    await finishLogin(req, res, interaction, person);
  }

  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 20 });

  router.get("/static/dev.css", (_req, res) => {
    res.set({ "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" });
    res.type("text/css").send(DEV_CSS);
  });

  router.get("/interaction/:uid", async (req, res) => {
    const interaction = await loadInteraction(req, res);
    const pending = pendingGuardians.get(interaction.uid);
    if (pending && pending.expires >= Date.now() && mandateRequested(interaction)) {
      await renderMandate(res, interaction, pending.person);
      return;
    }
    await renderLogin(res, interaction, { identityCode: "", firstName: "", lastName: "" });
  });

  router.post("/interaction/:uid/person", parseForm, async (req, res) => {
    const interaction = await loadPostedInteraction(req, res);
    const code = normaliseCode(field(req.body, "identityCode"));
    const person = (await opts.listDemoPeople()).find((p) => normaliseCode(p.identityCode) === code);
    if (!person) throw new HttpError(400, "badRequest");
    await personChosen(req, res, interaction, {
      identityCode: code,
      firstName: person.firstName,
      lastName: person.lastName,
    });
  });

  router.post("/interaction/:uid/identity-code", parseForm, async (req, res) => {
    const interaction = await loadPostedInteraction(req, res);
    const t = DEV_TEXTS[pickLocale(interaction.params.ui_locales)];
    const form: LoginFormState = {
      identityCode: field(req.body, "identityCode"),
      firstName: field(req.body, "firstName").trim(),
      lastName: field(req.body, "lastName").trim(),
    };
    const code = normaliseCode(form.identityCode);
    if (!code) {
      await renderLogin(res, interaction, { ...form, error: t.identityCodeMissing }, 400);
      return;
    }
    if (!opts.validateIdentityCode(code)) {
      await renderLogin(res, interaction, { ...form, error: t.identityCodeInvalid }, 400);
      return;
    }
    await personChosen(req, res, interaction, {
      identityCode: code,
      firstName: form.firstName || undefined,
      lastName: form.lastName || undefined,
    });
  });

  router.post("/interaction/:uid/mandate", parseForm, async (req, res) => {
    const interaction = await loadPostedInteraction(req, res);
    const pending = pendingGuardians.get(interaction.uid);
    if (!pending || pending.expires < Date.now() || !mandateRequested(interaction)) throw new HttpError(400, "expired");
    const code = normaliseCode(field(req.body, "childIdentityCode"));
    const children = await opts.listChildren(pending.person.identityCode);
    // Only a child offered on the page can be chosen; whether acting for them is allowed is
    // for the portal to decide.
    if (!children.some((child) => normaliseCode(child.identityCode) === code)) throw new HttpError(400, "badRequest");
    await finishLogin(req, res, interaction, pending.person, code);
  });

  router.post("/interaction/:uid/cancel", parseForm, async (req, res) => {
    const interaction = await loadPostedInteraction(req, res);
    pendingGuardians.delete(interaction.uid);
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The identification was cancelled" },
      { mergeWithLastSubmission: false },
    );
  });

  // Errors of the routes above; the provider renders its own errors.
  router.use("/interaction", (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const locale = (req.acceptsLanguages("fi", "sv", "en") || "fi") as DevLocale;
    if (error instanceof HttpError) {
      sendError(res, error.status, locale, DEV_TEXTS[locale][error.kind]);
      return;
    }
    console.error("[dev identity provider]", error);
    sendError(res, 500, locale, DEV_TEXTS[locale].unexpected);
  });

  const callback = provider.callback();
  router.use((req, res) => {
    void callback(req, res);
  });

  return router;
}
