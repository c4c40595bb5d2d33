import { describe, expect, it } from "vitest";
import { appointmentCalendar } from "./calendar";

describe("appointmentCalendar", () => {
  const ics = appointmentCalendar({
    uid: "appointment-12@solmu.example",
    startsAt: new Date("2026-11-23T07:30:00Z"),
    durationMinutes: 30,
    summary: "Yleislääkäri, Anna Aho",
    location: "Solmu Kamppi, Urho Kekkosen katu 1, 00100 Helsinki",
    description: "Peru aika viimeistään 24 tuntia ennen; asiakaspalvelu 030 600 5000\nTervetuloa!",
    now: new Date("2026-11-20T10:00:00Z"),
  });

  it("is a VEVENT in UTC with its end from the duration, CRLF line ends", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics).toContain("\r\nDTSTART:20261123T073000Z\r\n");
    expect(ics).toContain("\r\nDTEND:20261123T080000Z\r\n");
    expect(ics).toContain("\r\nDTSTAMP:20261120T100000Z\r\n");
    expect(ics).toContain("\r\nUID:appointment-12@solmu.example\r\n");
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("escapes commas, semicolons and newlines and folds long lines at 75 octets", () => {
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("LOCATION:Solmu Kamppi\\, Urho Kekkosen katu 1\\, 00100 Helsinki");
    expect(unfolded).toContain(
      "DESCRIPTION:Peru aika viimeistään 24 tuntia ennen\\; asiakaspalvelu 030 600 5000\\nTervetuloa!",
    );
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
