import { describe, expect, it } from "vitest";
import { IGNORED_ERRORS, isTagScriptFetchNoise, MAX_VALUE_LENGTH } from "./error-reporting-options";
import { isNetworkError } from "./network-error";

type Frame = { filename?: string };
const event = (value: string, frames?: Frame[], type?: string) => ({
  exception: { values: [{ type, value, stacktrace: frames ? { frames } : undefined }] },
});

const GTM = { filename: "https://www.googletagmanager.com/gtm.js?id=GTM-XXXX" };
const APP = { filename: "https://portal.example/assets/entry.client-abc123.js" };

describe("isTagScriptFetchNoise", () => {
  it("is true for a fetch failure from a tag script frame", () => {
    expect(isTagScriptFetchNoise(event("Failed to fetch", [APP, GTM], "TypeError"))).toBe(true);
    expect(isTagScriptFetchNoise(event("TypeError: Failed to fetch", [GTM]))).toBe(true);
    expect(
      isTagScriptFetchNoise(
        event("Failed to fetch", [{ filename: "https://www.google-analytics.com/analytics.js" }], "TypeError"),
      ),
    ).toBe(true);
  });

  it("is true for a fetch failure without frames", () => {
    expect(isTagScriptFetchNoise(event("Failed to fetch", [], "TypeError"))).toBe(true);
    expect(isTagScriptFetchNoise(event("TypeError: Failed to fetch"))).toBe(true);
  });

  it("is false for the same failure from the app's own frames", () => {
    expect(isTagScriptFetchNoise(event("Failed to fetch", [APP], "TypeError"))).toBe(false);
    expect(
      isTagScriptFetchNoise(
        event("TypeError: Failed to fetch", [APP, { filename: "https://portal.example/assets/root-1.js" }]),
      ),
    ).toBe(false);
    expect(isTagScriptFetchNoise(event("Failed to fetch", [{}], "TypeError"))).toBe(false);
  });

  it("is false for other errors, even from a tag script", () => {
    expect(isTagScriptFetchNoise(event("Cannot read properties of undefined (reading 'x')", [GTM], "TypeError"))).toBe(
      false,
    );
    expect(
      isTagScriptFetchNoise(event("Failed to fetch dynamically imported module: /assets/x.js", [], "TypeError")),
    ).toBe(false);
    expect(isTagScriptFetchNoise(event("Network Error", [GTM], "Error"))).toBe(false);
  });

  it("is false for an event without an exception", () => {
    expect(isTagScriptFetchNoise({})).toBe(false);
    expect(isTagScriptFetchNoise({ exception: { values: [] } })).toBe(false);
  });
});

describe("isNetworkError", () => {
  it("recognises network errors", () => {
    expect(isNetworkError(new Error("Network Error"))).toBe(true);
    expect(isNetworkError({ message: "timeout of 1000ms exceeded", code: "ECONNABORTED" })).toBe(true);
    expect(isNetworkError(new TypeError("Failed to fetch"))).toBe(true);
  });

  it("rejects other errors and non-errors", () => {
    expect(isNetworkError(new Error("Request failed with status code 500"))).toBe(false);
    expect(isNetworkError({ code: "ECONNREFUSED" })).toBe(false);
    expect(isNetworkError(new Error("network error"))).toBe(false);
    expect(isNetworkError(null)).toBe(false);
    expect(isNetworkError(undefined)).toBe(false);
  });
});

describe("constants", () => {
  it("cuts values at 8192 characters", () => {
    expect(MAX_VALUE_LENGTH).toBe(8192);
  });

  it("ignores the two tracker errors", () => {
    expect(IGNORED_ERRORS).toEqual(["fbq is not defined", "_hsq is not defined"]);
  });
});
