import { describe, expect, it } from "vitest";
import { readAnalyticsConsent } from "~/.server/analytics-consent";
import { action } from "~/routes/analytics-consent";
import { makeContext, makeRequest, routeArgs, useTestDatabase } from "./test-db";

useTestDatabase();

async function answer(form: Record<string, string>) {
  const request = makeRequest("/api/analytics-consent", { form });
  const context = await makeContext(request, { session: false });
  return action(routeArgs(request, context));
}

describe("the analytics-cookie question", () => {
  it("stores an acceptance for a year and returns to the page it was asked on", async () => {
    const response = await answer({ analytics: "granted", returnTo: "/sv/tidsbokning?time=morning" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/sv/tidsbokning?time=morning");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(readAnalyticsConsent(cookie.split(";")[0])).toBe(true);
  });

  it("stores a refusal", async () => {
    const response = await answer({ analytics: "denied", returnTo: "/fi" });
    expect(readAnalyticsConsent(response.headers.get("Set-Cookie")!.split(";")[0])).toBe(false);
  });

  it("never returns to another site", async () => {
    const response = await answer({ analytics: "denied", returnTo: "//evil.example/" });
    expect(response.headers.get("Location")).toBe("/fi");
  });

  it("answers 400 with the validation details to anything but the two choices", async () => {
    const refused = await answer({ analytics: "maybe", returnTo: "/fi" }).then(
      () => null,
      (thrown: { data: unknown; init: { status: number } | null }) => thrown,
    );
    expect(refused?.init?.status).toBe(400);
    expect(refused?.data).toEqual({
      type: "ValidationError",
      details: [{ path: "analytics", message: "Expected granted or denied" }],
    });
  });

  it("reads no answer as not asked yet", () => {
    expect(readAnalyticsConsent(null)).toBeNull();
    expect(readAnalyticsConsent("analytics_consent=whatever")).toBeNull();
  });
});
