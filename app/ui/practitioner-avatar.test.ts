import { describe, expect, it } from "vitest";
import { avatarGroup, initials } from "./practitioner-avatar";

describe("practitioner avatars", () => {
  it("puts ids into six groups by their first letter", () => {
    expect(avatarGroup("A-1")).toBe(1);
    expect(avatarGroup("f")).toBe(6);
    expect(avatarGroup("G")).toBe(1);
    expect(avatarGroup("P-AHO")).toBe(4);
    expect(avatarGroup("9")).toBe(1);
    expect(new Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("").map(avatarGroup))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });

  it("takes the initials of the first two names", () => {
    expect(initials("Anna Aho")).toBe("AA");
    expect(initials("laura maria lahtinen")).toBe("LM");
  });
});
