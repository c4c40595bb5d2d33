import { describe, expect, it } from "vitest";
import {
  ARRIVAL_REASON_MAX,
  ARRIVAL_REASON_PREFIX,
  arrivalReasonSchema,
  withoutPrefix,
  withPrefix,
} from "./arrival-reason";

describe("arrival reason", () => {
  it("accepts up to 300 characters after trimming and refuses more or nothing", () => {
    expect(ARRIVAL_REASON_MAX).toBe(300);
    expect(arrivalReasonSchema.safeParse({ arrivalReason: "x".repeat(300) }).success).toBe(true);
    expect(arrivalReasonSchema.safeParse({ arrivalReason: `  ${"x".repeat(300)}  ` }).success).toBe(true);
    const long = arrivalReasonSchema.safeParse({ arrivalReason: "x".repeat(301) });
    expect(long.success || long.error.issues[0].message).toBe("appointments.arrivalReason.errors.tooLong");
    const empty = arrivalReasonSchema.safeParse({ arrivalReason: "   " });
    expect(empty.success || empty.error.issues[0].message).toBe("appointments.arrivalReason.errors.required");
  });

  it("stores the customer's words after the fixed Finnish prefix and shows them back without it", () => {
    expect(ARRIVAL_REASON_PREFIX).toBe("Asiakkaan itse kirjoittama tulosyy: ");
    expect(withPrefix("  Kipeä polvi ")).toBe("Asiakkaan itse kirjoittama tulosyy: Kipeä polvi");
    expect(withoutPrefix(withPrefix("Kipeä polvi"))).toBe("Kipeä polvi");
    expect(withoutPrefix(null)).toBe("");
    expect(withoutPrefix("written elsewhere")).toBe("written elsewhere");
  });
});
