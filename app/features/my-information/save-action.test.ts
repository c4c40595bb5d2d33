import { describe, expect, it } from "vitest";
import { encodeSaveAction, initialTab, parseSaveAction, saveActionTarget } from "./save-action";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const HERE = "/fi/omat-tiedot";

describe("parseSaveAction", () => {
  it("reads the four save actions as percent-decoded JSON", () => {
    expect(parseSaveAction('{"type":"reload-page"}')).toEqual({ type: "reload-page" });
    expect(parseSaveAction('{"type":"go-to-reserve-appointment-page","appointmentId":42}')).toEqual({
      type: "go-to-reserve-appointment-page",
      appointmentId: 42,
    });
    expect(parseSaveAction('{"type":"go-to-invoice-page","invoiceNumber":"100234"}')).toEqual({
      type: "go-to-invoice-page",
      invoiceNumber: "100234",
    });
    expect(parseSaveAction('{"type":"go-to-view-appointment-page","appointmentId":"7","tab":"consent"}')).toEqual({
      type: "go-to-view-appointment-page",
      appointmentId: 7,
      tab: "consent",
    });
  });

  it("reads the same JSON as base64url", () => {
    expect(parseSaveAction(b64('{"type":"go-to-view-appointment-page","appointmentId":9}'))).toEqual({
      type: "go-to-view-appointment-page",
      appointmentId: 9,
    });
  });

  it("round-trips its own encoding", () => {
    const action = { type: "go-to-view-appointment-page", appointmentId: 5, tab: "consent" } as const;
    expect(parseSaveAction(encodeSaveAction(action))).toEqual(action);
  });

  it.each([
    ["empty", ""],
    ["null", null],
    ["not JSON", "reload-page"],
    ["JSON null", "null"],
    ["an array", '[{"type":"reload-page"}]'],
    ["a string", '"reload-page"'],
    ["an unknown type", '{"type":"go-to-url","url":"https://evil.example"}'],
    ["an extra key", '{"type":"reload-page","url":"//evil.example"}'],
    ["a url instead of an id", '{"type":"go-to-view-appointment-page","appointmentId":"//evil.example"}'],
    ["a path in the id", '{"type":"go-to-reserve-appointment-page","appointmentId":"1/../../logout"}'],
    ["a negative id", '{"type":"go-to-reserve-appointment-page","appointmentId":-1}'],
    ["a zero id", '{"type":"go-to-reserve-appointment-page","appointmentId":0}'],
    ["a fractional id", '{"type":"go-to-reserve-appointment-page","appointmentId":1.5}'],
    ["a leading-zero id", '{"type":"go-to-reserve-appointment-page","appointmentId":"012"}'],
    ["an id beyond int4", '{"type":"go-to-reserve-appointment-page","appointmentId":2147483648}'],
    ["a missing id", '{"type":"go-to-view-appointment-page"}'],
    ["an unknown tab", '{"type":"go-to-view-appointment-page","appointmentId":3,"tab":"admin"}'],
    ["a tab on another type", '{"type":"go-to-reserve-appointment-page","appointmentId":3,"tab":"consent"}'],
    ["letters in an invoice number", '{"type":"go-to-invoice-page","invoiceNumber":"12a"}'],
    ["a prototype key", '{"type":"reload-page","__proto__":{"polluted":true}}'],
    ["malformed base64", "%%%"],
    ["base64 of garbage", b64("\u0000\u0001")],
    ["an over-long value", `{"type":"reload-page"${" ".repeat(600)}}`],
  ])("refuses %s", (_, raw) => {
    expect(parseSaveAction(raw as string | null)).toBeNull();
  });
});

describe("saveActionTarget", () => {
  it("leads only to the portal's own pages, in the page's language", () => {
    expect(saveActionTarget(null, "fi", HERE)).toBe(HERE);
    expect(saveActionTarget({ type: "reload-page" }, "fi", HERE)).toBe(HERE);
    expect(saveActionTarget({ type: "go-to-reserve-appointment-page", appointmentId: 12 }, "sv", HERE)).toBe(
      "/sv/lediga-tider/12",
    );
    expect(saveActionTarget({ type: "go-to-view-appointment-page", appointmentId: 3 }, "en", HERE)).toBe(
      "/en/appointments/3",
    );
    expect(saveActionTarget({ type: "go-to-invoice-page", invoiceNumber: "100" }, "fi", HERE)).toBe("/fi/pay/100");
    expect(saveActionTarget({ type: "go-to-invoice-page", invoiceNumber: "100" }, "sv", HERE)).toBe("/sv/pay/100");
  });
});

describe("initialTab", () => {
  it("opens the consent tab first when the save action says so", () => {
    const action = parseSaveAction('{"type":"go-to-view-appointment-page","appointmentId":1,"tab":"consent"}');
    expect(initialTab(null, action)).toBe("consent");
    expect(initialTab("guardians", action)).toBe("guardians");
    expect(initialTab(null, null)).toBe("contact");
    expect(initialTab("javascript:alert(1)", null)).toBe("contact");
  });
});
