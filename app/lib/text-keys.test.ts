import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGS } from "./lang";

/** Every text key written out in the code (`t("area.key")`) has a text in fi, sv and en. */
const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts")
        ? [path.join(dir, e.name)]
        : [],
  );
}

const keys = new Set(
  sources(path.join(root, "app")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\bt\("([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)"/g)].map((m) => m[1]),
  ),
);

describe("text keys", () => {
  it.each(LANGS)("every key used in the code has a %s text", (lang) => {
    const dir = path.join(root, "locales", lang);
    const texts: Record<string, unknown> = Object.fromEntries(
      readdirSync(dir).map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(dir, f), "utf8"))]),
    );
    const text = (key: string) =>
      key
        .split(".")
        .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), texts);
    // A text counted with `count` may exist only in its plural forms (`key_one`, `key_other`).
    const missing = [...keys].filter(
      (key) => typeof text(key) !== "string" && typeof text(`${key}_other`) !== "string",
    );
    expect(keys.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
