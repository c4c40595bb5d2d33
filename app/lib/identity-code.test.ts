import { describe, expect, it } from "vitest";
import {
  ageOn,
  CHECK_CHARACTERS,
  checkCharacter,
  identityCodeOptions,
  isValidIdentityCode,
  makeTestIdentityCode,
  maskIdentityCode,
  parseIdentityCode,
  type IdentityCodeError,
} from "./identity-code";

/** The error code for an input that is expected to be rejected. */
function errorOf(input: string, options?: { allowDevelopmentCodes?: boolean }): IdentityCodeError | null {
  const result = parseIdentityCode(input, options);
  return result.ok ? null : result.error;
}

function parsed(input: string, options?: { allowDevelopmentCodes?: boolean }) {
  const result = parseIdentityCode(input, options);
  if (!result.ok) throw new Error(`expected ${input} to be valid, got ${result.error}`);
  return result.value;
}

describe("checkCharacter", () => {
  it("computes the check character of known codes", () => {
    expect(checkCharacter("131052308")).toBe("T");
    expect(checkCharacter("010190901")).toBe("R");
    expect(checkCharacter("290200900")).toBe("B");
    expect(checkCharacter("010101999")).toBe("X");
    expect(checkCharacter("150585912")).toBe("2");
  });

  it("indexes the 31-character table by the remainder modulo 31", () => {
    expect(CHECK_CHARACTERS).toHaveLength(31);
    expect(checkCharacter("000000000")).toBe("0");
    expect(checkCharacter("000000010")).toBe("A");
    expect(checkCharacter("000000016")).toBe("H"); // G is skipped
    expect(checkCharacter("000000030")).toBe("Y");
    expect(checkCharacter("000000031")).toBe("0");
  });

  it("throws for anything but nine digits", () => {
    expect(() => checkCharacter("13105230")).toThrow(RangeError);
    expect(() => checkCharacter("1310523088")).toThrow(RangeError);
    expect(() => checkCharacter("13105230A")).toThrow(RangeError);
    expect(() => checkCharacter("")).toThrow(RangeError);
  });
});

describe("parseIdentityCode: valid codes", () => {
  it("parses a known valid code", () => {
    expect(parseIdentityCode("131052-308T")).toEqual({
      ok: true,
      value: {
        code: "131052-308T",
        birthDate: { year: 1952, month: 10, day: 13 },
        individualNumber: "308",
        gender: "female",
        isTestCode: false,
        isDevelopmentCode: false,
      },
    });
    expect(isValidIdentityCode("131052-308T")).toBe(true);
  });

  it("recognises test codes with individual numbers 900-999", () => {
    const code = parsed("010190-901R");
    expect(code.isTestCode).toBe(true);
    expect(code.gender).toBe("male");
    expect(parsed("010101A999X")).toMatchObject({
      birthDate: { year: 2001, month: 1, day: 1 },
      isTestCode: true,
      gender: "male",
    });
    expect(parsed("311299-998D")).toMatchObject({ isTestCode: true, gender: "female" });
    expect(parsed("150585-9122").isTestCode).toBe(true);
  });

  it("accepts the smallest and largest individual numbers", () => {
    expect(parsed("010190-002R").individualNumber).toBe("002");
    expect(parsed("010190-002R").isTestCode).toBe(false);
    expect(parsed("010101A999X").individualNumber).toBe("999");
    expect(parsed(makeTestIdentityCode({ year: 1990, month: 1, day: 1 }, 899)).isTestCode).toBe(false);
    expect(parsed(makeTestIdentityCode({ year: 1990, month: 1, day: 1 }, 900)).isTestCode).toBe(true);
  });

  it.each([
    ["+", 1852],
    ["-", 1952],
    ["Y", 1952],
    ["X", 1952],
    ["W", 1952],
    ["V", 1952],
    ["U", 1952],
    ["A", 2052],
    ["B", 2052],
    ["C", 2052],
    ["D", 2052],
    ["E", 2052],
    ["F", 2052],
  ])("century sign %s means year %i", (sign, year) => {
    // The century sign is not part of the check-character computation.
    const code = `131052${sign}308T`;
    const value = parsed(code);
    expect(value.birthDate).toEqual({ year, month: 10, day: 13 });
    expect(value.code).toBe(code);
  });

  it("rejects unknown century signs", () => {
    for (const sign of ["G", "Z", "T", "*", " ", "_", "/"]) {
      expect(errorOf(`131052${sign}308T`)).toBe("format");
    }
  });

  it("accepts lower-case input and returns it upper-cased", () => {
    expect(parsed("010101a999x").code).toBe("010101A999X");
    expect(parsed("131052y308t").code).toBe("131052Y308T");
  });

  it("trims surrounding whitespace", () => {
    expect(parsed("  131052-308T ").code).toBe("131052-308T");
    expect(parsed("\t131052-308T\n").code).toBe("131052-308T");
  });

  it("determines gender from the parity of the individual number", () => {
    expect(parsed(makeTestIdentityCode({ year: 1980, month: 7, day: 17 }, 950)).gender).toBe("female");
    expect(parsed(makeTestIdentityCode({ year: 1980, month: 7, day: 17 }, 951)).gender).toBe("male");
    expect(parsed(makeTestIdentityCode({ year: 1980, month: 7, day: 17 }, 2)).gender).toBe("female");
    expect(parsed(makeTestIdentityCode({ year: 1980, month: 7, day: 17 }, 3)).gender).toBe("male");
    expect(parsed("131052-308T").gender).toBe("female");
  });
});

describe("parseIdentityCode: rejected codes", () => {
  it("rejects empty input", () => {
    expect(errorOf("")).toBe("empty");
    expect(errorOf("   ")).toBe("empty");
    expect(isValidIdentityCode("")).toBe(false);
  });

  it("rejects input longer than 11 characters after trimming", () => {
    expect(errorOf("131052-308TT")).toBe("tooLong");
    expect(errorOf("131052--308T")).toBe("tooLong");
    expect(errorOf("  131052-308T  ")).toBeNull();
  });

  it("rejects input of the wrong shape", () => {
    expect(errorOf("131052-308")).toBe("format"); // too short
    expect(errorOf("131052308T")).toBe("format"); // century sign missing
    expect(errorOf("13105-2308T")).toBe("format");
    expect(errorOf("131052 308T")).toBe("format"); // inner whitespace
    expect(errorOf("1310523-08T")).toBe("format");
    expect(errorOf("A31052-308T")).toBe("format");
    expect(errorOf("131052-30AT")).toBe("format");
    expect(errorOf("131052-308-")).toBe("format");
    expect(errorOf("131052–308T")).toBe("format"); // en dash instead of a hyphen
  });

  it("rejects a wrong check character", () => {
    expect(errorOf("131052-308U")).toBe("checkCharacter");
    expect(errorOf("131052-309T")).toBe("checkCharacter");
    expect(errorOf("131053-308T")).toBe("checkCharacter");
    // Letters that are never used as check characters.
    for (const c of ["G", "I", "O", "Q", "Z"]) {
      expect(errorOf(`131052-308${c}`)).toBe("checkCharacter");
    }
  });

  it("rejects months 00 and 13 and days 00 and 32", () => {
    expect(errorOf(`010090-901${checkCharacter("010090901")}`)).toBe("date");
    expect(errorOf(`011390-901${checkCharacter("011390901")}`)).toBe("date");
    expect(errorOf(`000190-901${checkCharacter("000190901")}`)).toBe("date");
    expect(errorOf(`320190-901${checkCharacter("320190901")}`)).toBe("date");
  });

  it("rejects dates that do not exist", () => {
    expect(errorOf(`310489-901${checkCharacter("310489901")}`)).toBe("date"); // 31 April
    expect(errorOf(`310689-901${checkCharacter("310689901")}`)).toBe("date"); // 31 June
    expect(errorOf(`300289-901${checkCharacter("300289901")}`)).toBe("date"); // 30 February
    expect(errorOf(`290289-901${checkCharacter("290289901")}`)).toBe("date"); // 1989 not leap
    expect(errorOf(`290201A901${checkCharacter("290201901")}`)).toBe("date"); // 2001 not leap
    expect(errorOf(`300488-901${checkCharacter("300488901")}`)).toBeNull(); // 30 April is fine
    expect(errorOf(`310188-901${checkCharacter("310188901")}`)).toBeNull();
  });

  it("handles 29 February by century", () => {
    expect(parsed("290200A900B").birthDate).toEqual({ year: 2000, month: 2, day: 29 }); // 2000 is leap
    expect(errorOf("290200-900B")).toBe("date"); // 1900 is not
    expect(errorOf("290200+900B")).toBe("date"); // 1800 is not
    expect(errorOf(`290296-901${checkCharacter("290296901")}`)).toBeNull(); // 1996 is
    expect(errorOf(`290204B901${checkCharacter("290204901")}`)).toBeNull(); // 2004 is
  });

  it("rejects individual numbers 000 and 001", () => {
    expect(errorOf(`010190-000${checkCharacter("010190000")}`)).toBe("individualNumber");
    expect(errorOf(`010190-001${checkCharacter("010190001")}`)).toBe("individualNumber");
    expect(errorOf(`010190-002${checkCharacter("010190002")}`)).toBeNull();
  });
});

describe("parseIdentityCode: development codes", () => {
  it("rejects development codes by default", () => {
    expect(errorOf("010190-AB1X")).toBe("developmentCode");
    expect(errorOf("010190-AB1X", { allowDevelopmentCodes: false })).toBe("developmentCode");
    expect(isValidIdentityCode("010190-AB1X")).toBe(false);
  });

  it("accepts development codes with the option, without checking the check character", () => {
    const options = { allowDevelopmentCodes: true };
    expect(parseIdentityCode("010190-AB1X", options)).toEqual({
      ok: true,
      value: {
        code: "010190-AB1X",
        birthDate: { year: 1990, month: 1, day: 1 },
        individualNumber: "AB1",
        gender: "male",
        isTestCode: false,
        isDevelopmentCode: true,
      },
    });
    expect(parsed("010190-ab2x", options)).toMatchObject({ code: "010190-AB2X", gender: "female" });
    expect(parsed("010190-AB10", options).isDevelopmentCode).toBe(true);
    expect(isValidIdentityCode("010190-ZZ9Q", options)).toBe(true);
  });

  it("still validates the date and shape of development codes", () => {
    const options = { allowDevelopmentCodes: true };
    expect(errorOf("310490-AB1X", options)).toBe("date");
    expect(errorOf("010190-A11X", options)).toBe("format"); // one letter only
    expect(errorOf("010190-ABCX", options)).toBe("format"); // no digit
    expect(errorOf("010190-1ABX", options)).toBe("format"); // digit first
    expect(errorOf("010190-AB1-", options)).toBe("format");
  });

  it("does not relax the rules for ordinary codes", () => {
    const options = { allowDevelopmentCodes: true };
    expect(errorOf("131052-308U", options)).toBe("checkCharacter");
    expect(errorOf(`010190-001${checkCharacter("010190001")}`, options)).toBe("individualNumber");
    expect(parsed("131052-308T", options).isDevelopmentCode).toBe(false);
  });
});

describe("identityCodeOptions: what each environment accepts", () => {
  const testCode = makeTestIdentityCode({ year: 1985, month: 3, day: 15 }, 902);
  const realRange = `010190-899${checkCharacter("010190899")}`;

  it("production refuses test codes (900–999) and the two-letter form, and takes real codes", () => {
    const production = identityCodeOptions("production");
    expect(errorOf(testCode, production)).toBe("developmentCode");
    expect(errorOf(`010190-900${checkCharacter("010190900")}`, production)).toBe("developmentCode");
    expect(errorOf("010190-AB1X", production)).toBe("developmentCode");
    expect(errorOf(realRange, production)).toBeNull();
  });

  it("development takes both forms", () => {
    const development = identityCodeOptions("development");
    expect(parsed(testCode, development).isTestCode).toBe(true);
    expect(parsed("010190-AB1X", development).isDevelopmentCode).toBe(true);
  });
});

describe("ageOn", () => {
  const birth = { year: 1990, month: 6, day: 15 };

  it("increments on the birthday itself", () => {
    expect(ageOn(birth, new Date("2026-06-14T12:00:00Z"))).toBe(35); // day before
    expect(ageOn(birth, new Date("2026-06-15T12:00:00Z"))).toBe(36); // birthday
    expect(ageOn(birth, new Date("2026-06-16T12:00:00Z"))).toBe(36); // day after
  });

  it("compares the month before the day", () => {
    expect(ageOn(birth, new Date("2026-05-20T12:00:00Z"))).toBe(35);
    expect(ageOn(birth, new Date("2026-07-01T12:00:00Z"))).toBe(36);
    expect(ageOn(birth, new Date("2026-12-31T12:00:00Z"))).toBe(36);
    expect(ageOn(birth, new Date("2027-01-01T12:00:00Z"))).toBe(36);
  });

  it("uses the Helsinki calendar date of now", () => {
    // 2026-06-14T21:30Z is already 15 June 00:30 in Helsinki (UTC+3 in summer).
    expect(ageOn(birth, new Date("2026-06-14T20:59:59Z"))).toBe(35);
    expect(ageOn(birth, new Date("2026-06-14T21:00:00Z"))).toBe(36);
  });

  it("gives 0 for a newborn and during the first year", () => {
    const baby = { year: 2026, month: 3, day: 10 };
    expect(ageOn(baby, new Date("2026-03-10T12:00:00Z"))).toBe(0);
    expect(ageOn(baby, new Date("2027-03-09T12:00:00Z"))).toBe(0);
    expect(ageOn(baby, new Date("2027-03-10T12:00:00Z"))).toBe(1);
  });

  it("handles 29 February birthdays", () => {
    const leapling = { year: 2000, month: 2, day: 29 };
    expect(ageOn(leapling, new Date("2023-02-28T12:00:00Z"))).toBe(22);
    expect(ageOn(leapling, new Date("2023-03-01T12:00:00Z"))).toBe(23);
    expect(ageOn(leapling, new Date("2024-02-28T12:00:00Z"))).toBe(23);
    expect(ageOn(leapling, new Date("2024-02-29T12:00:00Z"))).toBe(24);
  });

  it("works with a parsed identity code", () => {
    const { birthDate } = parsed("131052-308T");
    expect(ageOn(birthDate, new Date("2026-10-12T12:00:00Z"))).toBe(73);
    expect(ageOn(birthDate, new Date("2026-10-13T12:00:00Z"))).toBe(74);
  });
});

describe("maskIdentityCode", () => {
  it("keeps the birth date and century sign and masks the last four characters", () => {
    expect(maskIdentityCode("010190-9012")).toBe("010190-****");
    expect(maskIdentityCode("131052-308T")).toBe("131052-****");
    expect(maskIdentityCode("010101A999X")).toBe("010101A****");
    expect(maskIdentityCode("010190-AB1X")).toBe("010190-****");
  });

  it("normalises case and whitespace", () => {
    expect(maskIdentityCode(" 010101a999x ")).toBe("010101A****");
  });

  it("masks malformed values completely", () => {
    expect(maskIdentityCode("")).toBe("***********");
    expect(maskIdentityCode("131052-308")).toBe("***********");
    expect(maskIdentityCode("131052-308TT")).toBe("***********");
    expect(maskIdentityCode("not a code!")).toBe("***********");
  });
});

describe("makeTestIdentityCode", () => {
  it("builds codes with the right century sign and check character", () => {
    expect(makeTestIdentityCode({ year: 1952, month: 10, day: 13 }, 308)).toBe("131052-308T");
    expect(makeTestIdentityCode({ year: 2000, month: 2, day: 29 }, 900)).toBe("290200A900B");
    expect(makeTestIdentityCode({ year: 2001, month: 1, day: 1 }, 999)).toBe("010101A999X");
    expect(makeTestIdentityCode({ year: 1852, month: 10, day: 13 }, 308)).toBe("131052+308T");
    expect(makeTestIdentityCode({ year: 1990, month: 1, day: 1 }, 2)).toBe("010190-002R");
  });

  it("round-trips through parseIdentityCode", () => {
    const births = [
      { year: 1800, month: 1, day: 1 },
      { year: 1899, month: 12, day: 31 },
      { year: 1900, month: 1, day: 1 },
      { year: 1952, month: 10, day: 13 },
      { year: 1999, month: 12, day: 31 },
      { year: 2000, month: 2, day: 29 },
      { year: 2024, month: 2, day: 29 },
      { year: 2099, month: 12, day: 31 },
    ];
    for (const birth of births) {
      for (const individualNumber of [2, 3, 123, 899, 900, 901, 999]) {
        const code = makeTestIdentityCode(birth, individualNumber);
        const value = parsed(code);
        expect(value.code).toBe(code);
        expect(value.birthDate).toEqual(birth);
        expect(value.individualNumber).toBe(String(individualNumber).padStart(3, "0"));
        expect(value.isTestCode).toBe(individualNumber >= 900);
        expect(value.gender).toBe(individualNumber % 2 === 0 ? "female" : "male");
        expect(maskIdentityCode(code)).toBe(`${code.slice(0, 7)}****`);
      }
    }
  });

  it("throws for impossible input", () => {
    expect(() => makeTestIdentityCode({ year: 1990, month: 2, day: 29 }, 900)).toThrow(RangeError);
    expect(() => makeTestIdentityCode({ year: 1990, month: 13, day: 1 }, 900)).toThrow(RangeError);
    expect(() => makeTestIdentityCode({ year: 1799, month: 12, day: 31 }, 900)).toThrow(RangeError);
    expect(() => makeTestIdentityCode({ year: 2100, month: 1, day: 1 }, 900)).toThrow(RangeError);
    expect(() => makeTestIdentityCode({ year: 1990, month: 1, day: 1 }, 1)).toThrow(RangeError);
    expect(() => makeTestIdentityCode({ year: 1990, month: 1, day: 1 }, 1000)).toThrow(RangeError);
    expect(() => makeTestIdentityCode({ year: 1990, month: 1, day: 1 }, 900.5)).toThrow(RangeError);
  });
});
