/** README "Areas" is what the code says now: regenerate it with `npm run readme:areas` after moving things. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { END, START, areasTable, withAreas } from "../readme-areas";

describe("README areas", () => {
  it("lists every feature folder with its pages, tables and tests as the code has them", () => {
    const readme = readFileSync("README.md", "utf8");
    const table = areasTable();
    expect(table).toContain("| `questionnaires/` | `/kyselyt`, `/kyselyt/:id` |");
    expect(table).toMatch(/\| `appointments\/` \|[^\n]*`reservations`[^\n]*reminders\.test\.ts/);
    expect(readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length)).toBe(`${START}\n${table}\n${END}`);
    expect(withAreas(readme, table)).toBe(readme);
  });
});
