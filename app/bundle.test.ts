import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { unnameReactRouter } from "../vite.config";

/**
 * The browser build leaves React Router's component names out (vite.config.ts), so that the components no page uses
 * are not kept as side effects. Read against the installed React Router: an upgrade that writes them otherwise fails
 * here rather than quietly putting the bytes back on every page.
 */
describe("unnameReactRouter", () => {
  const dist = new URL("../node_modules/react-router/dist/development/", import.meta.url);
  const file = readdirSync(dist).find(
    (f) => /\.mjs$/.test(f) && readFileSync(new URL(f, dist), "utf8").includes("var NavLink ="),
  );
  const code = readFileSync(new URL(file!, dist), "utf8");

  it("drops the names and marks the forwardRef components pure, so an unused NavLink can be left out", () => {
    expect(code).toMatch(/^NavLink\.displayName = "NavLink";$/m);
    const out = unnameReactRouter(code);
    expect(out).not.toMatch(/\.displayName = "/);
    expect(out).toMatch(/^var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
  });

  it("changes nothing else", () => {
    const lines = (text: string) => text.split("\n").filter((line) => !/\.displayName = "|\.forwardRef\(/.test(line));
    expect(lines(unnameReactRouter(code)).filter(Boolean)).toEqual(lines(code).filter(Boolean));
  });
});
