import { describe, expect, it } from "vitest";
import { consentChoicesFor, consentSchema } from "./consent";

describe("consent form", () => {
  it("requires the privacy-policy acknowledgement and reads unticked boxes as false", () => {
    const missing = consentSchema.safeParse({ allowsBookingSms: "on" });
    expect(missing.success || missing.error.issues[0].message).toBe("account.consent.errors.acknowledgementRequired");
    expect(consentSchema.parse({ privacyPolicyAcknowledged: "on", allowsBookingSms: "on" })).toEqual({
      privacyPolicyAcknowledged: true,
      allowsCommonRegistry: false,
      allowsViewingOccupationalInformation: false,
      allowsMarketingMail: false,
      allowsTreatmentInstructionsMail: false,
      allowsBookingSms: true,
    });
  });

  it("offers the occupational-register choice in the main brand only", () => {
    expect(consentChoicesFor("main")).toContain("allowsViewingOccupationalInformation");
    expect(consentChoicesFor("pikkujatti")).not.toContain("allowsViewingOccupationalInformation");
    expect(consentChoicesFor("pikkujatti")).toHaveLength(4);
  });
});
