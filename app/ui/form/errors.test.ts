import { describe, expect, it } from "vitest";
import { errorEntries, inFieldOrder } from "./errors";

describe("inFieldOrder", () => {
  const entry = (id: string, message = id) => ({ id, message });

  it("orders the entries by the form's fields, not by the order they were found in", () => {
    // My information's contact form: the schema checks the address first, the page shows e-mail and phone first.
    const found = ["streetAddress", "zipCode", "postOffice", "emailAddress", "phoneNumber"].map((id) => entry(id));
    const order = ["emailAddress", "phoneNumber", "streetAddress", "zipCode", "postOffice", "language"];
    expect(inFieldOrder(found, order).map((e) => e.id)).toEqual([
      "emailAddress",
      "phoneNumber",
      "streetAddress",
      "zipCode",
      "postOffice",
    ]);
  });

  it("keeps entries of one field in their order, and puts undeclared ids last instead of dropping them", () => {
    const found = [entry("x"), entry("b", "first"), entry("a"), entry("b", "second")];
    expect(inFieldOrder(found, ["a", "b"])).toEqual([
      entry("a"),
      entry("b", "first"),
      entry("b", "second"),
      entry("x"),
    ]);
  });
});

describe("errorEntries", () => {
  it("turns each field's i18n key into its text, linked to the field's id, leaving empty entries out", () => {
    const entries = errorEntries(
      { zipCode: "contact.errors.postalCode", phoneNumber: undefined },
      (key, field) => `${key} (${field})`,
      (field) => `own-${field}`,
    );
    expect(entries).toEqual([{ id: "own-zipCode", message: "contact.errors.postalCode (zipCode)" }]);
  });
});
