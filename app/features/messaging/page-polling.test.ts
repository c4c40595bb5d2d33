import { describe, expect, it } from "vitest";
import { pollSafely } from "./page-polling";

describe("a polling page's client loader", () => {
  it("sends a load that is not the page's poll to the server as it would without it, its failure too", async () => {
    const request = new Request("http://localhost/fi/viestit/12?background=1");
    const failed = () => ({ state: "error" as const });
    await expect(pollSafely(request, async () => ({ state: "ok" as const }), failed)).resolves.toEqual({ state: "ok" });
    await expect(pollSafely(request, () => Promise.reject(new TypeError("Failed to fetch")), failed)).rejects.toThrow(
      "Failed to fetch",
    );
  });
});
