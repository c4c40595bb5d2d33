/**
 * A path that cannot be decoded is the visitor's mistake: through Express (whose parameters decode paths) every
 * route answers 400 with the app's error view in the language of the path's first segment, else Finnish, and
 * nothing is reported.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/.server/logger";
import { sendRawPath } from "./request-handler";
import { useTestDatabase } from "./test-db";

useTestDatabase();

let errorLog: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  errorLog = vi.spyOn(logger, "error");
});
afterAll(() => {
  expect(errorLog.mock.calls).toEqual([]);
  errorLog.mockRestore();
});

const TITLES = { fi: "Osoite ei kelpaa", sv: "Adressen är ogiltig", en: "The address is not valid" };

describe("a malformed path", () => {
  it.each([
    ["/fi/%ZZ", "fi"],
    ["/fi/%", "fi"],
    ["/sv/%C0%AF", "sv"],
    ["/en/%ED%A0%80", "en"],
    ["/fi/%00", "fi"],
    ["/%ZZ", "fi"],
    ["/xx/%E0%A4%A", "fi"],
    ["/fi/ajanvaraukset/%ZZ", "fi"],
    ["/sv/tidsbokningar/%C0%AF?x=1", "sv"],
    ["/api/appointments/%ZZ", "fi"],
    ["/oauth/authenticate%ZZ?lang=en", "fi"],
  ] as const)("%s answers 400 with the error view in %s", async (path, lang) => {
    const answer = await sendRawPath("GET", path);
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^text\/html/);
    expect(answer.text).toContain(`<html lang="${lang}"`);
    expect(answer.text).toContain(TITLES[lang]);
  });

  it("answers a post to it with a 4xx before any action", async () => {
    const answer = await sendRawPath("POST", "/fi/ajanvaraukset/%ZZ", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

describe("a malformed query string", () => {
  it.each([
    "/fi?x=%ZZ",
    "/fi/ajanvaraus?specialtyIds=%C0%AF&clinicIds=%ED%A0%80&time=%00",
    "/api/appointments?specialtyIds=%ZZ&startDate=%00",
    "/oauth/authenticate?lang=%ZZ&acr_values=%C0%AF&next=%ED%A0%80",
  ])("%s never answers 5xx", async (path) => {
    const answer = await sendRawPath("GET", path);
    expect(answer.status).toBeLessThan(500);
  });

  it("keeps well-formed paths as they were", async () => {
    const answer = await sendRawPath("GET", "/sv/ajanvaraus-ei-ole");
    expect(answer.status).toBe(404);
    expect(answer.text).toContain('<html lang="sv"');
  });
});
