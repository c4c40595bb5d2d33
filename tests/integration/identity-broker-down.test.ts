/**
 * Login start with the identity broker unreachable (its address a closed port): the error view with 503 and a
 * retry, in the login's language, never a bare "Unexpected Server Error"; the outage is reported once, not per try.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setNow } from "~/.server/clock";
import { configureIdentity } from "~/.server/identity/oidc";
import { logger } from "~/.server/logger";
import { BROKER_REPORT_INTERVAL_MS } from "~/features/session/login.server";
import { acrValues } from "~/lib/login-options";
import { sendAsBrowser } from "./request-handler";
import { FIXED_NOW, useTestDatabase } from "./test-db";
import { newCsrfCookieValue } from "~/.server/csrf";

useTestDatabase();

/** A port that was just free and is closed: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const TEXTS = {
  fi: ["Tunnistautuminen ei juuri nyt onnistu", "Yritä uudelleen"],
  sv: ["Identifieringen fungerar inte just nu", "Försök igen"],
  en: ["Identification is not possible right now", "Try again"],
} as const;

beforeAll(async () => {
  configureIdentity({
    issuer: `http://127.0.0.1:${await closedPort()}`,
    clientId: "portal",
    clientSecret: "secret",
    allowHttp: true,
  });
});
afterAll(() => configureIdentity(undefined));

describe("login start with the identity broker unreachable", () => {
  it("shows the error view with 503 and a retry in fi, sv and en, and reports the outage once", async () => {
    const errorLog = vi.spyOn(logger, "error");
    const csrf = newCsrfCookieValue();
    const acr = encodeURIComponent(acrValues()[0].acr);
    for (const lang of ["fi", "sv", "en"] as const) {
      const path = `/oauth/authenticate?lang=${lang}&acr_values=${acr}&next=%2F${lang}`;
      const answer = await sendAsBrowser(csrf, "GET", path);
      expect(answer.status, lang).toBe(503);
      expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(answer.text).toContain(`<html lang="${lang}"`);
      for (const text of TEXTS[lang]) expect(answer.text, lang).toContain(text);
      // Without JavaScript the retry is a link that starts the login again.
      expect(answer.text).toContain(`href="${path.replace(/&/g, "&amp;")}"`);
      expect(answer.text).not.toContain("Unexpected Server Error");
    }
    expect(errorLog).toHaveBeenCalledTimes(1);
    // Still down after the interval: reported again, once.
    setNow(new Date(FIXED_NOW.getTime() + BROKER_REPORT_INTERVAL_MS + 1000));
    try {
      for (let i = 0; i < 2; i++) await sendAsBrowser(csrf, "GET", `/oauth/authenticate?lang=fi&acr_values=${acr}`);
    } finally {
      setNow(FIXED_NOW);
    }
    expect(errorLog).toHaveBeenCalledTimes(2);
    errorLog.mockRestore();
  });
});
