import { describe, expect, it } from "vitest";

import {
  bindingRequired,
  bookButtonEnabled,
  kela65Warning,
  occupationalConfirmation,
  reservationErrorReaction,
  type BookButtonState,
} from "./reservation-rules";

const NOW = new Date("2026-11-20T10:00:00Z");
const ready: BookButtonState = {
  contactValid: true,
  insuranceComplete: null,
  bindingRequired: false,
  bindingTicked: false,
  occupationalConfirmationRequired: false,
  occupationalConfirmationTicked: false,
  reserving: false,
  unsavedContactEdits: false,
};

describe("binding reservation", () => {
  it("is required when the start is within the notice hours", () => {
    expect(bindingRequired(new Date(NOW.getTime() + 23 * 3600_000), NOW, 24)).toBe(true);
    expect(bindingRequired(new Date(NOW.getTime() + 24 * 3600_000), NOW, 24)).toBe(false);
    expect(bindingRequired(new Date(NOW.getTime() + 47 * 3600_000), NOW, 48)).toBe(true);
  });
});

describe("the Book button", () => {
  it("is enabled when everything is in order", () => {
    expect(bookButtonEnabled(ready)).toBe(true);
  });

  it("is disabled by invalid contact details, a reservation in progress or unsaved contact edits", () => {
    expect(bookButtonEnabled({ ...ready, contactValid: false })).toBe(false);
    expect(bookButtonEnabled({ ...ready, reserving: true })).toBe(false);
    expect(bookButtonEnabled({ ...ready, unsavedContactEdits: true })).toBe(false);
  });

  it("needs the binding checkbox when close to the start, and the occupational confirmation where required", () => {
    expect(bookButtonEnabled({ ...ready, bindingRequired: true })).toBe(false);
    expect(bookButtonEnabled({ ...ready, bindingRequired: true, bindingTicked: true })).toBe(true);
    expect(bookButtonEnabled({ ...ready, occupationalConfirmationRequired: true })).toBe(false);
    expect(
      bookButtonEnabled({ ...ready, occupationalConfirmationRequired: true, occupationalConfirmationTicked: true }),
    ).toBe(true);
  });

  it("waits for a complete insurer selection on the insurance page", () => {
    expect(bookButtonEnabled({ ...ready, insuranceComplete: false })).toBe(false);
    expect(bookButtonEnabled({ ...ready, insuranceComplete: true })).toBe(true);
  });
});

describe("occupational confirmation text", () => {
  it("depends on the specialty", () => {
    expect(occupationalConfirmation("occupational", "GYN")).toBe("doctorReferral");
    expect(occupationalConfirmation("occupational", "PSY")).toBe("contractPlusReferral");
    expect(occupationalConfirmation("occupational", "FYS")).toBe("referralOnly");
    expect(occupationalConfirmation("occupational", "TTH")).toBe("none");
    expect(occupationalConfirmation("occupational", "YLE")).toBe("contractOnly");
    expect(occupationalConfirmation("private", "YLE")).toBe("none");
  });
});

describe("65+ warning", () => {
  it("warns under 65 or with an unknown age, only on the kela65 page", () => {
    expect(kela65Warning("kela65", "1956-01-28", NOW)).toBeNull();
    expect(kela65Warning("kela65", "1961-11-21", NOW)).toBe("underAge");
    expect(kela65Warning("kela65", "1961-11-20", NOW)).toBeNull();
    expect(kela65Warning("kela65", null, NOW)).toBe("unknownAge");
    expect(kela65Warning("private", "1990-01-01", NOW)).toBeNull();
  });
});

describe("reservation error reactions (spec §8)", () => {
  it("differ between the anonymous flow and the logged-in form", () => {
    expect(reservationErrorReaction("appointmentNotAvailable", "anonymous")).toEqual({
      kind: "page",
      page: "appointmentUnavailable",
    });
    expect(reservationErrorReaction("appointmentNotAvailable", "portal")).toEqual({
      kind: "page",
      page: "appointmentUnavailable",
    });
    expect(reservationErrorReaction("noPatient", "anonymous")).toEqual({ kind: "page", page: "registration" });
    expect(reservationErrorReaction("noPatient", "portal")).toEqual({
      kind: "message",
      message: "unknownError",
      report: true,
    });
    expect(reservationErrorReaction("patientDataConsentRequired", "anonymous")).toEqual({
      kind: "page",
      page: "login",
    });
    expect(reservationErrorReaction("patientDataConsentRequired", "portal")).toEqual({
      kind: "page",
      page: "dataProcessing",
    });
    expect(reservationErrorReaction("patientInfoConflict", "anonymous")).toEqual({ kind: "page", page: "login" });
    expect(reservationErrorReaction("patientInfoConflict", "portal")).toMatchObject({ message: "unknownError" });
    expect(reservationErrorReaction("networkError", "anonymous")).toEqual({
      kind: "message",
      message: "networkError",
      report: false,
    });
    expect(reservationErrorReaction("networkError", "portal")).toEqual({
      kind: "message",
      message: "unknownError",
      report: true,
    });
    expect(reservationErrorReaction("tooManyReservations", "portal")).toMatchObject({ message: "tooManyReservations" });
    expect(reservationErrorReaction("treatmentChainCreationFailed", "portal")).toMatchObject({
      message: "directReimbursement",
    });
    expect(reservationErrorReaction("missingReservationDetails", "anonymous")).toMatchObject({
      message: "unknownError",
      report: true,
    });
    expect(reservationErrorReaction("validation", "anonymous")).toEqual({ kind: "fieldErrors" });
  });
});
