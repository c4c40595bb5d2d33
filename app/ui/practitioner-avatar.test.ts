import { describe, expect, it } from "vitest";
import { avatarGroup, avatarOf, initials } from "./practitioner-avatar";

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

  it("draws the picture, or the initials, in the children's brand in the colour of the id's group", () => {
    const aho = { id: "P-AHO", name: "Anna Aho", pictureUrl: null };
    expect(avatarOf(aho, "main")).toEqual({ pictureUrl: null, initials: "AA", className: "avatar avatar--initials" });
    expect(avatarOf(aho, "pikkujatti").className).toBe("avatar avatar--initials avatar--g4");
    expect(avatarOf({ ...aho, pictureUrl: "/p.jpg" }, "pikkujatti")).toEqual({
      pictureUrl: "/p.jpg",
      initials: "",
      className: "avatar",
    });
  });
});
