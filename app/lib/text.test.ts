import { describe, expect, it } from "vitest";
import { z } from "zod";
import { INVALID_CHARACTERS, firstUnplainPath, isPlainText, nestsDeeperThan } from "./text";
import { textField } from "./text-field";

describe("isPlainText", () => {
  it("accepts text in any script, emoji and line breaks", () => {
    for (const ok of [
      "",
      "Kipeä polvi",
      "Åbo\nrad två\r\n\tindrag",
      "😀 𝕏 ꙮ",
      "' OR 1=1; --",
      "<script>alert(1)</script>",
    ])
      expect(isPlainText(ok), ok).toBe(true);
  });

  it("refuses NUL, other control characters and unpaired surrogates", () => {
    for (const bad of [
      "a\u0000b",
      "\u0000",
      "a\u0001",
      "\u0008",
      "\u000b",
      "\u001b[31m",
      "\u007f",
      "\u0085",
      "\ud800",
      "x\udc00y",
      "\ud83d",
    ]) {
      expect(isPlainText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("firstUnplainPath", () => {
  it("finds the first offending string or key as a dotted path", () => {
    expect(firstUnplainPath({ a: "ok", b: ["x", { c: "y\u0000" }] })).toBe("b.1.c");
    expect(firstUnplainPath({ ["k\u0000"]: 1 })).toBe("k\u0000");
    expect(firstUnplainPath({ a: 1, b: null, c: true, d: ["fine"] })).toBeNull();
  });
});

describe("textField", () => {
  const schema = z.object({ name: textField("required").trim().min(1, "required").max(5, "tooLong") });

  it("gives the invalid-characters error for control characters, and the field's own errors otherwise", () => {
    const nul = schema.safeParse({ name: "a\u0000b" });
    expect(nul.success).toBe(false);
    expect(nul.error!.issues.map((i) => i.message)).toEqual([INVALID_CHARACTERS]);
    expect(schema.safeParse({ name: 5 }).error!.issues[0].message).toBe("required");
    expect(schema.safeParse({ name: "abcdef" }).error!.issues[0].message).toBe("tooLong");
    expect(schema.parse({ name: " abc " })).toEqual({ name: "abc" });
  });
});

describe("deeply nested JSON", () => {
  const deep = JSON.parse(`{"a":${"[".repeat(20_000)}"x\\u0000"${"]".repeat(20_000)}}`);

  it("is walked without exhausting the stack, and its bad string found", () => {
    expect(firstUnplainPath(deep)).toBe(`a${".0".repeat(20_000)}`);
  });

  it("is measured against a depth limit", () => {
    expect(nestsDeeperThan(deep, 16)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 16)).toBe(false);
    expect(nestsDeeperThan({ a: [[[1]]] }, 3)).toBe(true);
    expect(nestsDeeperThan({ a: [[1]] }, 3)).toBe(false);
  });
});
