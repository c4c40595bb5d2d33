import { describe, expect, it } from "vitest";
import { LANGS } from "~/lib/lang";
import { pageResources } from "./i18n";

describe("the door page's texts", () => {
  it("carry what the door page shows and no other page's texts", () => {
    for (const lang of LANGS) {
      const texts = pageResources(lang, "main", "door") as Record<string, Record<string, Record<string, unknown>>>;
      expect(Object.keys(texts).sort()).toEqual(["account", "appointments", "common"]);
      expect(Object.keys(texts.appointments).sort()).toEqual(["details", "door"]);
      expect(Object.keys(texts.appointments.details).sort()).toEqual(["cancel", "location", "when"]);
      expect(texts.appointments.door.errors).toHaveProperty("locked");
      expect(Object.keys(texts.account)).toEqual(["consent"]);
      expect(texts.common.header).toHaveProperty("skipToContent");
    }
  });
});
