import { afterEach, describe, expect, it, vi } from "vitest";
import { acrLabels, acrValues, LOGIN_OPTIONS } from "./login-options";

describe("LOGIN_OPTIONS", () => {
  it("has the 11 options in the spec's order, mobile certificate first", () => {
    expect(LOGIN_OPTIONS.map((o) => o.label)).toEqual([
      "Mobiilivarmenne",
      "Aktia",
      "Ålandsbanken",
      "Danske Bank",
      "Handelsbanken",
      "Nordea",
      "OmaSäästöpankki",
      "OP",
      "Pop-pankki",
      "Säästöpankki",
      "S-Pankki",
    ]);
  });

  it("has unique ids and unique, non-empty acr values", () => {
    const acrs = LOGIN_OPTIONS.map((o) => o.acr);
    expect(new Set(acrs).size).toBe(11);
    expect(acrs.every((a) => a.length > 0)).toBe(true);
    expect(new Set(LOGIN_OPTIONS.map((o) => o.id)).size).toBe(11);
  });
});

describe("acrValues", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("returns the defaults without overrides", () => {
    expect(acrValues(undefined)).toEqual(LOGIN_OPTIONS.map((o) => ({ ...o })));
    expect(acrValues("")).toEqual(LOGIN_OPTIONS.map((o) => ({ ...o })));
  });

  it("overrides the acr of the options named in the JSON only", () => {
    const options = acrValues(JSON.stringify({ op: "urn:broker:op", mobiilivarmenne: "urn:broker:mobile" }));
    expect(options.map((o) => o.id)).toEqual(LOGIN_OPTIONS.map((o) => o.id));
    expect(options.find((o) => o.id === "op")!.acr).toBe("urn:broker:op");
    expect(options.find((o) => o.id === "mobiilivarmenne")!.acr).toBe("urn:broker:mobile");
    expect(options.find((o) => o.id === "nordea")).toEqual({ id: "nordea", label: "Nordea", acr: "urn:ftn:nordea" });
    expect(options.filter((o) => o.acr.startsWith("urn:broker:"))).toHaveLength(2);
  });

  it("ignores JSON that does not parse", () => {
    expect(acrValues("{op: urn")).toEqual(LOGIN_OPTIONS.map((o) => ({ ...o })));
    expect(acrValues("not json")).toEqual(LOGIN_OPTIONS.map((o) => ({ ...o })));
  });

  it("reads OIDC_ACR_VALUES by default", () => {
    vi.stubEnv("OIDC_ACR_VALUES", JSON.stringify({ spankki: "urn:broker:s" }));
    expect(acrValues().find((o) => o.id === "spankki")!.acr).toBe("urn:broker:s");
    expect(acrLabels()["urn:broker:s"]).toBe("S-Pankki");
  });

  it("does not change LOGIN_OPTIONS", () => {
    acrValues(JSON.stringify({ aktia: "urn:broker:aktia" }));
    expect(LOGIN_OPTIONS[1].acr).toBe("urn:ftn:aktia");
  });
});

describe("acrLabels", () => {
  it("maps each acr value to its label", () => {
    vi.stubEnv("OIDC_ACR_VALUES", "");
    try {
      const labels = acrLabels();
      expect(Object.keys(labels)).toHaveLength(11);
      expect(labels["urn:ftn:alandsbanken"]).toBe("Ålandsbanken");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("acrValues with odd configuration", () => {
  it("ignores JSON that is not an object of strings", () => {
    expect(acrValues("null").map((o) => o.acr)).toEqual(acrValues(undefined).map((o) => o.acr));
    expect(acrValues('{"op":5}').find((o) => o.id === "op")!.acr).toBe("urn:ftn:op");
  });
});
