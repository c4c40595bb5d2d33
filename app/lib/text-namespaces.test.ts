import { describe, expect, it } from "vitest";
import { pageResources } from "~/.server/i18n";
import { LANGS } from "./lang";
import { textSetFor } from "./text-namespaces";

describe("texts per page", () => {
  it("gives the clinic-door page its own small set, in every language", () => {
    expect(textSetFor("/fi/varaus/MzI5M19kb1h5")).toBe("door");
    expect(textSetFor("/sv/bokning/MzI5M19kb1h5")).toBe("door");
    expect(textSetFor("/en/appointment/MzI5M19kb1h5", "appointments.door.success")).toBe("door");
    // A flash message from elsewhere brings its texts along.
    expect(textSetFor("/fi/varaus/MzI5M19kb1h5", "session.registration.saved")).toBe("withoutBooking");
    expect(textSetFor("/fi/varaus/MzI5M19kb1h5", "reservation.saved")).toBe("all");
  });

  it("keeps the booking texts on booking pages only", () => {
    expect(textSetFor("/fi/ajanvaraus")).toBe("all");
    expect(textSetFor("/fi/ajanvaraukset")).toBe("withoutBooking");
    expect(textSetFor("/fi")).toBe("withoutBooking");
  });
});

describe("the door page's texts", () => {
  it("carry what the door page shows and no other page's texts", () => {
    for (const lang of LANGS) {
      const texts = pageResources(lang, "main", "door") as Record<string, Record<string, Record<string, unknown>>>;
      expect(Object.keys(texts).sort()).toEqual(["account", "appointments", "common"]);
      expect(Object.keys(texts.appointments).sort()).toEqual(["details", "door"]);
      expect(Object.keys(texts.appointments.details).sort()).toEqual(["cancel", "location", "when"]);
      expect(texts.appointments.door.errors).toHaveProperty("locked");
      expect(Object.keys(texts.account)).toEqual(["consent"]);
      expect(texts.common.header).toHaveProperty("skipToContent");
    }
  });
});
