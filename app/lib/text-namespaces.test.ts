import { describe, expect, it } from "vitest";
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
