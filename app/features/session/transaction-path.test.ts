import { describe, expect, it } from "vitest";
import { GUARDIAN_ERROR_TOAST_MS, guardianErrorKey } from "./transaction-path";
import { transactionPathSchema } from "./transaction-path.schema";

describe("transactionPathSchema", () => {
  it("accepts child and own", () => {
    expect(transactionPathSchema.parse({ whose: "child" })).toEqual({ whose: "child" });
    expect(transactionPathSchema.parse({ whose: "own" })).toEqual({ whose: "own" });
  });

  it("rejects anything else with the required key", () => {
    for (const whose of [undefined, "", "CHILD", "other", "children", 1, null]) {
      const result = transactionPathSchema.safeParse({ whose });
      expect(result.success, String(whose)).toBe(false);
      expect(result.error!.issues.map((i) => [i.path, i.message])).toEqual([
        [["whose"], "session.transactionPath.errors.required"],
      ]);
    }
  });
});

describe("guardianErrorKey", () => {
  it("maps disallowed to its own message", () => {
    expect(guardianErrorKey("disallowed")).toBe("session.transactionPath.errors.disallowed");
  });

  it("maps any other value to the unknown-error message", () => {
    for (const error of ["unknown", "Disallowed", "x", "disallowed "]) {
      expect(guardianErrorKey(error), error).toBe("session.transactionPath.errors.unknown");
    }
  });

  it("gives no message without an error", () => {
    expect(guardianErrorKey(null)).toBeNull();
    expect(guardianErrorKey("")).toBeNull();
  });
});

it("shows the guardian error toast for 20 seconds", () => {
  expect(GUARDIAN_ERROR_TOAST_MS).toBe(20_000);
});
