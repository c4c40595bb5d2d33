import { describe, expect, it } from "vitest";
import { parseFilters } from "~/features/booking/search";
import { INFLUENZA_SPECIALTY_IDS, vaccinationLanding, vaccinationPageState } from "./occupational-vaccination";

const employee = (hasOccupationalCare: boolean, occupationalInfluenzaVaccination: boolean) => ({
  hasOccupationalCare,
  occupationalInfluenzaVaccination,
});

describe("vaccination page state (spec part 2 §3, §6)", () => {
  it("needs a login", () => {
    expect(vaccinationPageState(null)).toEqual({ status: "unauthorized", isInfluenzaVaccinationAllowed: false });
  });

  it("needs an occupational contract, whatever the flag says", () => {
    expect(vaccinationPageState(employee(false, true))).toEqual({
      status: "no-occupational-healthcare",
      isInfluenzaVaccinationAllowed: false,
    });
  });

  it("carries the contract's influenza flag", () => {
    expect(vaccinationPageState(employee(true, true))).toEqual({ status: "ok", isInfluenzaVaccinationAllowed: true });
    expect(vaccinationPageState(employee(true, false))).toEqual({ status: "ok", isInfluenzaVaccinationAllowed: false });
  });
});

describe("the landing's view", () => {
  it("prompts a login that comes back to the landing", () => {
    const landing = vaccinationLanding(vaccinationPageState(null), "fi");
    expect(landing).toEqual({ view: "login", loginHref: "/fi/kirjaudu?nextPath=%2Ffi%2Ftyoterveys-rokotukset" });
  });

  it("shows the error pages with a link to the front page", () => {
    expect(vaccinationLanding(vaccinationPageState(employee(false, false)), "sv")).toEqual({
      view: "noContract",
      backHref: "/sv",
    });
    expect(vaccinationLanding(vaccinationPageState(employee(true, false)), "en")).toEqual({
      view: "noVaccinations",
      backHref: "/en",
    });
  });

  it("books the influenza vaccination with one specialtyIds per configured specialty", () => {
    expect(INFLUENZA_SPECIALTY_IDS).toEqual(["ROKT", "ROKH"]);
    const landing = vaccinationLanding(vaccinationPageState(employee(true, true)), "fi");
    expect(landing).toEqual({ view: "ok", influenzaHref: "/fi/tyoterveys?specialtyIds=ROKT&specialtyIds=ROKH" });
    // The booking search reads both back.
    const query = new URL(landing.view === "ok" ? landing.influenzaHref : "", "http://x").searchParams;
    expect(parseFilters(query)).toMatchObject({ filters: { specialtyIds: ["ROKT", "ROKH"] }, invalid: [] });
  });
});
