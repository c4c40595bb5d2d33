import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";

describe("readCookie", () => {
  it("reads and decodes a cookie among others", () => {
    expect(readCookie("a=1; session=abc%20def; b=2", "session")).toBe("abc def");
    expect(readCookie("a=1", "session")).toBeNull();
    expect(readCookie(null, "session")).toBeNull();
  });

  it("treats a value that is not valid percent-encoding as no cookie instead of throwing", () => {
    expect(readCookie("session=%", "session")).toBeNull();
    expect(readCookie("csrf=%E0%A4%A", "csrf")).toBeNull();
    expect(readCookie("csrf=%E0%A4%A; session=ok", "session")).toBe("ok");
  });
});
