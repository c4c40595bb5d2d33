import { describe, expect, it } from "vitest";
import { safeNextPath } from "./login-options";

describe("safeNextPath", () => {
  const FALLBACK = "/fi";

  it("accepts paths on this site", () => {
    expect(safeNextPath("/fi", FALLBACK)).toBe("/fi");
    expect(safeNextPath("/sv/loggain?x=1", FALLBACK)).toBe("/sv/loggain?x=1");
    expect(safeNextPath("/en/login#top", "/en")).toBe("/en/login#top");
    expect(safeNextPath("/", FALLBACK)).toBe("/");
  });

  it("rejects other hosts", () => {
    for (const next of [
      "//evil.example",
      "//evil.example/fi",
      "/\\evil",
      "/\\\\evil.example",
      "https://evil.example",
      "http://evil.example/fi",
      "javascript:alert(1)",
      "evil.example",
      "fi/kirjaudu",
    ]) {
      expect(safeNextPath(next, FALLBACK), next).toBe(FALLBACK);
    }
  });

  it("returns the fallback for no value", () => {
    expect(safeNextPath("", FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath(null, FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath(undefined, FALLBACK)).toBe(FALLBACK);
  });

  it("allows at most 2000 characters", () => {
    const at = (n: number) => "/fi?" + "a".repeat(n - 4);
    expect(safeNextPath(at(2000), FALLBACK)).toBe(at(2000));
    expect(safeNextPath(at(2001), FALLBACK)).toBe(FALLBACK);
  });

  it("rejects the identification, API and development endpoints", () => {
    for (const next of [
      "/oauth/authenticate",
      "/oauth/callback?code=x",
      "/api/session",
      "/api/logout",
      "/dev/identity",
    ]) {
      expect(safeNextPath(next, FALLBACK), next).toBe(FALLBACK);
    }
  });

  it("does not reject pages that merely start with the same letters", () => {
    expect(safeNextPath("/fi/api/x", FALLBACK)).toBe("/fi/api/x");
    expect(safeNextPath("/apiary", FALLBACK)).toBe("/apiary");
  });
});

describe("safeNextPath against browser-normalised redirects", () => {
  it("refuses control characters, backslashes and dot segments that leave the allowed paths", () => {
    expect(safeNextPath("/\t/evil.example", "/fi")).toBe("/fi");
    expect(safeNextPath("/\n/evil.example", "/fi")).toBe("/fi");
    expect(safeNextPath("/fi/../oauth/callback", "/fi")).toBe("/fi");
    expect(safeNextPath("/fi/../sv", "/fi")).toBe("/fi/../sv");
  });
});
