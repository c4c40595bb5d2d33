import { describe, expect, it } from "vitest";
import { applicantToken, readApplicantToken } from "~/.server/insurers";
import { isUnderageCustomer } from "./insurance.server";
import { returnStatusOf } from "./insurance-panel.server";
import { decide, safeReturnUrl } from "~/.server/dev/insurer";

const NOW = new Date("2026-11-20T10:00:00Z");

describe("the second insurer's return parameters (spec part 2 §4)", () => {
  it("set the panel's initial state", () => {
    const at = (q: string) => returnStatusOf(new URL(`http://localhost/fi/vapaat-ajat/vakuutus/1${q}`));
    expect(at("?directcompensationallowed=true")).toBe("allowed");
    expect(at("?directcompensationdenied")).toBe("denied");
    expect(at("?cancel=true")).toBe("canceled");
    expect(at("?error=1")).toBe("error");
    expect(at("")).toBeNull();
    expect(at("?insuranceCompany=IF")).toBeNull();
  });
});

describe("underage customers", () => {
  const adult = { birthDate: "1980-06-21" };
  it("refuses a customer under 18 with no guardian or a guardian also under 18", () => {
    expect(isUnderageCustomer({ birthDate: "2012-09-03" }, null, NOW)).toBe(true);
    expect(isUnderageCustomer({ birthDate: "2012-09-03" }, { birthDate: "2009-01-01" }, NOW)).toBe(true);
    expect(isUnderageCustomer({ birthDate: "2012-09-03" }, adult, NOW)).toBe(false);
    expect(isUnderageCustomer(adult, null, NOW)).toBe(false);
  });
  it("counts the 18th birthday itself as adult", () => {
    expect(isUnderageCustomer({ birthDate: "2008-11-20" }, null, NOW)).toBe(false);
    expect(isUnderageCustomer({ birthDate: "2008-11-21" }, null, NOW)).toBe(true);
  });
});

describe("the development insurer's hand-over", () => {
  const id = "0b6c3f1e-8a2d-4c1b-9a7e-5f3d2c1b0a99";
  it("accepts only its own unexpired applicant tokens", () => {
    const token = applicantToken(id, NOW);
    expect(readApplicantToken(token, NOW)).toBe(id);
    expect(readApplicantToken(token, new Date(NOW.getTime() + 31 * 60 * 1000))).toBeNull();
    expect(readApplicantToken(token.replace(id, "1b6c3f1e-8a2d-4c1b-9a7e-5f3d2c1b0a99"), NOW)).toBeNull();
    expect(readApplicantToken("nonsense", NOW)).toBeNull();
  });
  it("returns only to the portal's own origins", () => {
    expect(safeReturnUrl("http://localhost:3000/fi/vapaat-ajat/vakuutus/5")?.pathname).toBe(
      "/fi/vapaat-ajat/vakuutus/5",
    );
    expect(safeReturnUrl("https://evil.example/fi")).toBeNull();
    expect(safeReturnUrl("/fi")).toBeNull();
  });
  it("sends a denial, cancel or fault back with its return parameter and nothing stored", async () => {
    const application = {
      personId: id,
      returnUrl: new URL("http://localhost:3000/fi/vapaat-ajat/vakuutus/5?cancel=true"),
      lang: "fi" as const,
    };
    const db = {} as never; // only an approval writes
    expect(await decide(db, application, "deny", "", NOW)).toBe(
      "http://localhost:3000/fi/vapaat-ajat/vakuutus/5?directcompensationdenied=true",
    );
    expect(await decide(db, application, "cancel", "", NOW)).toBe(
      "http://localhost:3000/fi/vapaat-ajat/vakuutus/5?cancel=true",
    );
    expect(await decide(db, application, "fail", "", NOW)).toBe(
      "http://localhost:3000/fi/vapaat-ajat/vakuutus/5?error=true",
    );
  });
});
