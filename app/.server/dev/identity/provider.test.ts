import { generateKeyPair } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { promisify } from "node:util";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import {
  beginLogin,
  clientPublicJwks,
  completeLogin,
  configureIdentity,
  IdentityError,
  isDevelopmentIdentity,
  type PendingLogin,
} from "../../identity/oidc";
import { generateClientKeys } from "./keys";
import { createDevIdentityProvider, type DemoChild, type DemoPerson } from "./provider";

// --- test data ---------------------------------------------------------------------------------

const CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY";
function hetu(ddmmyy: string, sign: string, individual: string): string {
  return `${ddmmyy}${sign}${individual}${CHECK[Number(ddmmyy + individual) % 31]}`;
}
function validHetu(code: string): boolean {
  const m = /^(\d{6})[-+ABCDEFYXWVU](\d{3})([0-9A-Y])$/.exec(code);
  return !!m && CHECK[Number(m[1] + m[2]) % 31] === m[3];
}

const GUARDIAN: DemoPerson = {
  identityCode: hetu("150385", "-", "912"),
  firstName: "Maija",
  lastName: "Meikäläinen",
  description: "huoltaja",
};
const SINGLE: DemoPerson = {
  identityCode: hetu("010170", "-", "934"),
  firstName: "Matti",
  lastName: "Virtanen",
  description: "ei lapsia",
};
const TRICKY: DemoPerson = {
  identityCode: hetu("020202", "A", "956"),
  firstName: "<script>",
  lastName: "O'Brien & Co",
  description: '"quoted"',
};
const CHILD_A: DemoChild = {
  identityCode: hetu("010118", "A", "944"),
  firstName: "Aino",
  lastName: "Meikäläinen",
  age: 7,
};
const CHILD_B: DemoChild = {
  identityCode: hetu("050509", "A", "978"),
  firstName: "Eino",
  lastName: "Meikäläinen",
  age: 16,
};

const ACR_LABELS = { "urn:ftn:nordea": "Nordea", "urn:ftn:op": "OP", "urn:ftn:mobiilivarmenne": "Mobiilivarmenne" };

// --- server ------------------------------------------------------------------------------------

let server: Server;
let origin: string;
let redirectUri: string;
let clientPrivateJwk: object;

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("OIDC_")) delete process.env[name];

  const app = express();
  let handler: express.Handler = (_req, res) => {
    res.status(503).end();
  };
  app.use((req, res, next) => handler(req, res, next));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  redirectUri = `${origin}/oauth/callback`;

  const keys = await generateClientKeys();
  clientPrivateJwk = keys.privateJwk;

  // A second client whose keys include an encryption key: exercises encrypted ID tokens and
  // signed request objects, as real FTN brokers use them.
  const enc = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const encPrivate = {
    ...(enc.privateKey.export({ format: "jwk" }) as object),
    kid: "enc-1",
    alg: "RSA-OAEP-256",
    use: "enc",
  };
  const encPublic = {
    ...(enc.publicKey.export({ format: "jwk" }) as object),
    kid: "enc-1",
    alg: "RSA-OAEP-256",
    use: "enc",
  };
  encryptedClient = { decryptionJwk: encPrivate };

  const common = {
    redirectUris: [redirectUri],
    listDemoPeople: async () => [GUARDIAN, SINGLE, TRICKY],
    listChildren: async (guardian: string) => (guardian === GUARDIAN.identityCode ? [CHILD_A, CHILD_B] : []),
    validateIdentityCode: validHetu,
    acrLabels: ACR_LABELS,
  };
  const devRouter = await createDevIdentityProvider({
    ...common,
    issuer: `${origin}/dev/identity`,
    clientId: "portal",
    clientJwks: keys.publicJwks,
  });
  const encRouter = await createDevIdentityProvider({
    ...common,
    issuer: `${origin}/enc/identity`,
    clientId: "portal-enc",
    clientJwks: { keys: [...keys.publicJwks.keys, encPublic] },
  });
  const router = express.Router();
  router.use("/dev/identity", devRouter);
  router.use("/enc/identity", encRouter);
  handler = router;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

let encryptedClient: { decryptionJwk: object };

function useDevProvider() {
  configureIdentity({
    issuer: `${origin}/dev/identity`,
    clientId: "portal",
    privateJwk: clientPrivateJwk,
    allowHttp: true,
  });
}

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith("OIDC_")) delete process.env[name];
});

// --- a tiny browser --------------------------------------------------------------------------

class Browser {
  private cookies = new Map<string, string>();

  private store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(url: string) {
    const response = await fetch(url, { redirect: "manual", headers: { cookie: this.cookieHeader() } });
    this.store(response);
    return response;
  }

  async post(url: string, form: Record<string, string>) {
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: this.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    this.store(response);
    return response;
  }

  /** Follows redirects until one leads to the portal's redirect URI; returns that URL. */
  async followToCallback(response: Response, from: string): Promise<URL> {
    let current = response;
    let base = from;
    for (let i = 0; i < 10; i++) {
      expect([302, 303]).toContain(current.status);
      const next = new URL(current.headers.get("location")!, base);
      if (next.href.startsWith(redirectUri)) return next;
      base = next.href;
      current = await this.get(base);
    }
    throw new Error("too many redirects");
  }

  /** Follows redirects to a page of the provider and returns it. */
  async followToPage(response: Response, from: string): Promise<Page> {
    let current = response;
    let url = from;
    for (let i = 0; i < 10 && [302, 303].includes(current.status); i++) {
      url = new URL(current.headers.get("location")!, url).href;
      current = await this.get(url);
    }
    return { url, status: current.status, html: await current.text(), headers: current.headers };
  }
}

type Page = { url: string; status: number; html: string; headers: Headers };

function csrfOf(html: string): string {
  return /name="csrf" value="([^"]+)"/.exec(html)![1];
}
function actionOf(page: Page, step: string): string {
  const match = new RegExp(`action="([^"]*/${step})"`).exec(page.html);
  return new URL(match![1].replace(/&amp;/g, "&"), page.url).href;
}

async function openLogin(opts: { acrValue?: string; uiLocale?: "fi" | "sv" | "en"; mandate?: boolean } = {}) {
  const browser = new Browser();
  const { url, pending } = await beginLogin({
    redirectUri,
    acrValue: opts.acrValue ?? "urn:ftn:nordea",
    uiLocale: opts.uiLocale ?? "fi",
    mandate: opts.mandate,
  });
  const page = await browser.followToPage(await browser.get(url), url);
  return { browser, pending, page, authorizationUrl: url };
}

async function choosePerson(browser: Browser, page: Page, identityCode: string) {
  const target = actionOf(page, "person");
  return { response: await browser.post(target, { csrf: csrfOf(page.html), identityCode }), target };
}

// --- tests -------------------------------------------------------------------------------------

describe("development identity provider with the relying party", () => {
  it("identifies a demo person with the authorization code flow", async () => {
    useDevProvider();
    expect(isDevelopmentIdentity()).toBe(true);
    const { browser, pending, page, authorizationUrl } = await openLogin();

    const auth = new URL(authorizationUrl);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("acr_values")).toBe("urn:ftn:nordea");
    expect(auth.searchParams.get("scope")).toBe("openid profile");
    expect(auth.searchParams.get("prompt")).toBe("login");
    expect(auth.searchParams.get("ui_locales")).toBe("fi");
    expect(auth.searchParams.get("state")).toBe(pending.state);
    expect(auth.searchParams.get("nonce")).toBe(pending.nonce);

    expect(page.status).toBe(200);
    expect(page.url).toMatch(/\/dev\/identity\/interaction\/[^/]+$/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${origin}`);
    expect(page.html).toContain('<html lang="fi">');
    expect(page.html.match(/<h1>/g)).toHaveLength(1);
    expect(page.html).toContain("Kehitysympäristön tunnistuspalvelu");
    expect(page.html).toContain("Valitsit: <strong>Nordea</strong>");
    expect(page.html).toContain(`Maija Meikäläinen – huoltaja – ${GUARDIAN.identityCode}`);
    expect(page.html).toContain(`Matti Virtanen – ei lapsia – ${SINGLE.identityCode}`);
    expect(page.html).not.toContain("<script>");
    expect(page.html).toContain("&lt;script&gt; O&#39;Brien &amp; Co – &quot;quoted&quot;");
    expect(page.html).toContain('<label for="identityCode">');
    expect(page.html).not.toContain("style=");

    const css = await fetch(`${origin}/dev/identity/static/dev.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");

    const { response, target } = await choosePerson(browser, page, SINGLE.identityCode);
    const callback = await browser.followToCallback(response, target);
    expect(callback.searchParams.get("state")).toBe(pending.state);
    expect(callback.searchParams.get("code")).toBeTruthy();

    const person = await completeLogin({ currentUrl: callback, pending });
    expect(person).toEqual({
      identityCode: SINGLE.identityCode,
      firstName: "Matti",
      lastName: "Virtanen",
      acr: "urn:ftn:nordea",
    });

    // The authorization code is single use.
    await expect(completeLogin({ currentUrl: callback, pending })).rejects.toMatchObject({ code: "invalid" });
  });

  it("renders the page in Swedish and English and names the chosen method", async () => {
    useDevProvider();
    const sv = await openLogin({ uiLocale: "sv", acrValue: "urn:ftn:op" });
    expect(sv.page.html).toContain('<html lang="sv">');
    expect(sv.page.html).toContain("Du valde: <strong>OP</strong>");
    const en = await openLogin({ uiLocale: "en", acrValue: "urn:ftn:mobiilivarmenne" });
    expect(en.page.html).toContain('<html lang="en">');
    expect(en.page.html).toContain("<h1>Development identity provider</h1>");
    expect(en.page.html).toContain("You chose: <strong>Mobiilivarmenne</strong>");
  });

  it("passes the child chosen on the mandate page as mandate_identity_code", async () => {
    useDevProvider();
    const { browser, pending, page, authorizationUrl } = await openLogin({ mandate: true, uiLocale: "en" });
    expect(new URL(authorizationUrl).searchParams.get("scope")).toBe("openid profile mandate");
    expect(pending.mandate).toBe(true);

    const { response, target } = await choosePerson(browser, page, GUARDIAN.identityCode);
    const mandatePage = await browser.followToPage(response, target);
    expect(mandatePage.status).toBe(200);
    expect(mandatePage.html).toContain("government mandate service");
    expect(mandatePage.html).toContain("Aino Meikäläinen, age 7");
    expect(mandatePage.html).toContain("Eino Meikäläinen, age 16");

    // The provider passes whatever was chosen; the portal checks age and guardianship.
    const mandateTarget = actionOf(mandatePage, "mandate");
    const chosen = await browser.post(mandateTarget, {
      csrf: csrfOf(mandatePage.html),
      childIdentityCode: CHILD_B.identityCode,
    });
    const callback = await browser.followToCallback(chosen, mandateTarget);
    const person = await completeLogin({ currentUrl: callback, pending });
    expect(person.identityCode).toBe(GUARDIAN.identityCode);
    expect(person.mandateIdentityCode).toBe(CHILD_B.identityCode);
  });

  it("says so when the guardian has no children and lets the person cancel", async () => {
    useDevProvider();
    const { browser, pending, page } = await openLogin({ mandate: true, uiLocale: "en" });
    const { response, target } = await choosePerson(browser, page, SINGLE.identityCode);
    const mandatePage = await browser.followToPage(response, target);
    expect(mandatePage.html).toContain("Matti Virtanen has no children listed.");
    const cancelTarget = actionOf(mandatePage, "cancel");
    const cancelled = await browser.post(cancelTarget, { csrf: csrfOf(mandatePage.html) });
    const callback = await browser.followToCallback(cancelled, cancelTarget);
    const error = await completeLogin({ currentUrl: callback, pending }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).code).toBe("cancelled");
  });

  it("rejects a form with a wrong CSRF token", async () => {
    useDevProvider();
    const { browser, page } = await openLogin();
    const response = await browser.post(actionOf(page, "person"), {
      csrf: "forged",
      identityCode: SINGLE.identityCode,
    });
    expect(response.status).toBe(403);
    const other = await browser.post(actionOf(page, "cancel"), {});
    expect(other.status).toBe(403);
  });

  it("re-renders a typed invalid identity code with the GOV.UK error pattern", async () => {
    useDevProvider();
    const { browser, pending, page } = await openLogin({ uiLocale: "en" });
    const target = actionOf(page, "identity-code");
    const bad = await browser.post(target, {
      csrf: csrfOf(page.html),
      identityCode: "131052-308X",
      firstName: "Testi",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("<title>Error: Development identity provider</title>");
    expect(html).toMatch(
      /class="error-summary" role="alert"[^>]*>[\s\S]*<a href="#identityCode">Enter the personal identity code in the correct format/,
    );
    expect(html).toContain('aria-describedby="identityCode-hint identityCode-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('id="identityCode-error"');
    expect(html).toContain('value="131052-308X"');
    expect(html).toContain('value="Testi"');

    // A valid code (typed in lower case) works, names are optional.
    const good = await browser.post(target, {
      csrf: csrfOf(html),
      identityCode: " 131052-308t ",
      firstName: "",
      lastName: "",
    });
    const callback = await browser.followToCallback(good, target);
    const person = await completeLogin({ currentUrl: callback, pending });
    expect(person).toEqual({ identityCode: "131052-308T", acr: "urn:ftn:nordea" });
  });

  it("throws IdentityError 'cancelled' when the person cancels", async () => {
    useDevProvider();
    const { browser, pending, page } = await openLogin();
    const target = actionOf(page, "cancel");
    const response = await browser.post(target, { csrf: csrfOf(page.html) });
    const callback = await browser.followToCallback(response, target);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    await expect(completeLogin({ currentUrl: callback, pending })).rejects.toMatchObject({
      name: "IdentityError",
      code: "cancelled",
    });
  });

  it("rejects a callback whose state was tampered with", async () => {
    useDevProvider();
    const { browser, pending, page } = await openLogin();
    const { response, target } = await choosePerson(browser, page, SINGLE.identityCode);
    const callback = await browser.followToCallback(response, target);
    const tampered = new URL(callback);
    tampered.searchParams.set("state", "attacker-state");
    await expect(completeLogin({ currentUrl: tampered, pending })).rejects.toMatchObject({ code: "invalid" });
    // A different login's secrets do not fit this code either (nonce / PKCE).
    const other: PendingLogin = { ...pending, nonce: "other-nonce" };
    await expect(completeLogin({ currentUrl: callback, pending: other })).rejects.toMatchObject({ code: "invalid" });
  });

  it("lets the same browser identify again as a different person", async () => {
    useDevProvider();
    const first = await openLogin();
    const firstChoice = await choosePerson(first.browser, first.page, SINGLE.identityCode);
    const firstCallback = await first.browser.followToCallback(firstChoice.response, firstChoice.target);
    expect((await completeLogin({ currentUrl: firstCallback, pending: first.pending })).identityCode).toBe(
      SINGLE.identityCode,
    );

    const browser = first.browser;
    const { url, pending } = await beginLogin({ redirectUri, acrValue: "urn:ftn:op", uiLocale: "fi" });
    const page = await browser.followToPage(await browser.get(url), url);
    expect(page.html).toContain("Valitsit: <strong>OP</strong>");
    const { response, target } = await choosePerson(browser, page, GUARDIAN.identityCode);
    const callback = await browser.followToCallback(response, target);
    const person = await completeLogin({ currentUrl: callback, pending });
    expect(person.identityCode).toBe(GUARDIAN.identityCode);
    expect(person.acr).toBe("urn:ftn:op");
  });

  it("shows an error page for an unknown or expired interaction", async () => {
    useDevProvider();
    const response = await fetch(`${origin}/dev/identity/interaction/unknown`);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain("<h1>");
  });

  it("uses the environment instead of the injected configuration when OIDC_ISSUER is set", async () => {
    useDevProvider();
    process.env.OIDC_ISSUER = `${origin}/dev/identity`;
    process.env.OIDC_CLIENT_ID = "portal";
    process.env.OIDC_PRIVATE_KEY = JSON.stringify(clientPrivateJwk);
    process.env.OIDC_ALLOW_HTTP = "true";
    expect(isDevelopmentIdentity()).toBe(false);
    expect(clientPublicJwks().keys[0]).not.toHaveProperty("d");

    const { browser, pending, page } = await openLogin();
    const { response, target } = await choosePerson(browser, page, SINGLE.identityCode);
    const callback = await browser.followToCallback(response, target);
    expect((await completeLogin({ currentUrl: callback, pending })).identityCode).toBe(SINGLE.identityCode);

    // A claim name the broker does not send (neither in the ID token nor from userinfo).
    process.env.OIDC_IDENTITY_CODE_CLAIM = "hetu";
    const second = await openLogin();
    const choice = await choosePerson(second.browser, second.page, SINGLE.identityCode);
    const secondCallback = await second.browser.followToCallback(choice.response, choice.target);
    await expect(completeLogin({ currentUrl: secondCallback, pending: second.pending })).rejects.toMatchObject({
      code: "invalid",
    });
  });

  it("refuses an http issuer unless allowed", async () => {
    process.env.OIDC_ISSUER = `${origin}/dev/identity`;
    process.env.OIDC_CLIENT_ID = "portal";
    process.env.OIDC_CLIENT_SECRET = "secret";
    await expect(beginLogin({ redirectUri, acrValue: "urn:ftn:op", uiLocale: "fi" })).rejects.toMatchObject({
      code: "failed",
    });
  });

  it("retries discovery after a failure", async () => {
    configureIdentity({
      issuer: `${origin}/nowhere`,
      clientId: "portal",
      privateJwk: clientPrivateJwk,
      allowHttp: true,
    });
    await expect(beginLogin({ redirectUri, acrValue: "urn:ftn:op", uiLocale: "fi" })).rejects.toMatchObject({
      code: "failed",
    });
    useDevProvider();
    await expect(beginLogin({ redirectUri, acrValue: "urn:ftn:op", uiLocale: "fi" })).resolves.toHaveProperty("url");
  });

  it("supports signed request objects and encrypted ID tokens", async () => {
    configureIdentity({
      issuer: `${origin}/enc/identity`,
      clientId: "portal-enc",
      privateJwk: clientPrivateJwk,
      decryptionJwk: encryptedClient.decryptionJwk,
      signedRequestObject: true,
      allowHttp: true,
    });
    const { browser, pending, page, authorizationUrl } = await openLogin({ mandate: true });
    const auth = new URL(authorizationUrl);
    expect(auth.searchParams.get("request")).toBeTruthy();
    expect(auth.searchParams.get("state")).toBeNull();
    const { response, target } = await choosePerson(browser, page, GUARDIAN.identityCode);
    const mandatePage = await browser.followToPage(response, target);
    const mandateTarget = actionOf(mandatePage, "mandate");
    const chosen = await browser.post(mandateTarget, {
      csrf: csrfOf(mandatePage.html),
      childIdentityCode: CHILD_A.identityCode,
    });
    const callback = await browser.followToCallback(chosen, mandateTarget);
    const person = await completeLogin({ currentUrl: callback, pending });
    expect(person).toEqual({
      identityCode: GUARDIAN.identityCode,
      firstName: "Maija",
      lastName: "Meikäläinen",
      acr: "urn:ftn:nordea",
      mandateIdentityCode: CHILD_A.identityCode,
    });

    // Without the decryption key the (encrypted) ID token cannot be read.
    configureIdentity({
      issuer: `${origin}/enc/identity`,
      clientId: "portal-enc",
      privateJwk: clientPrivateJwk,
      allowHttp: true,
    });
    const plain = await openLogin();
    const choice = await choosePerson(plain.browser, plain.page, SINGLE.identityCode);
    const plainCallback = await plain.browser.followToCallback(choice.response, choice.target);
    await expect(completeLogin({ currentUrl: plainCallback, pending: plain.pending })).rejects.toBeInstanceOf(
      IdentityError,
    );
  });
});
