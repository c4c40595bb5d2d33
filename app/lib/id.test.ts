import { describe, expect, it } from "vitest";
import { MAX_ID, parseId, parseIdList } from "./id";

describe("parseId", () => {
  it("takes a positive JSON integer or canonical decimal digits within int4", () => {
    expect(parseId(37)).toBe(37);
    expect(parseId("37")).toBe(37);
    expect(parseId(1)).toBe(1);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    expect(parseId(MAX_ID)).toBe(MAX_ID);
  });

  it("refuses every other spelling that Number() would have taken", () => {
    for (const bad of [
      true,
      false,
      [37],
      ["37"],
      { id: 37 },
      "0x25",
      " 37 ",
      "37 ",
      "37.0",
      "037",
      "0",
      0,
      -1,
      "-1",
      37.5,
      "1e3",
      1e300,
      Infinity,
      NaN,
      "",
      null,
      undefined,
      MAX_ID + 1,
      String(MAX_ID + 1),
      "99999999999",
      "３７",
      "+37",
    ]) {
      expect(parseId(bad), JSON.stringify(bad) ?? String(bad)).toBeNull();
    }
  });
});

describe("parseIdList", () => {
  it("reads a comma-separated list without duplicates", () => {
    expect(parseIdList("12")).toEqual([12]);
    expect(parseIdList("12,13,12")).toEqual([12, 13]);
  });

  it("refuses a list with any malformed part, or too many", () => {
    for (const bad of [undefined, null, "", ",", "12,", ",12", "12,037", "12, 13", "12;13", "1,2,3"]) {
      expect(parseIdList(bad, 2), String(bad)).toBeNull();
    }
  });
});
