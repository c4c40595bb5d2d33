import { afterEach, describe, expect, it } from "vitest";
import { mergeTexts, pickTexts, textGroupsOf } from "./text-groups";
import { lookup, onMissingText, translator } from "./translate";

const texts = {
  a: {
    hello: "Hei, {{name}}!",
    items_one: "{{count}} aika",
    items_other: "{{count}} aikaa",
    nested: { deep: "syvä" },
  },
};

describe("translator", () => {
  afterEach(() => onMissingText(null));

  it("looks up dotted keys and interpolates", () => {
    const t = translator("fi", texts);
    expect(t("a.nested.deep")).toBe("syvä");
    expect(t("a.hello", { name: "Maija" })).toBe("Hei, Maija!");
    expect(t("a.hello")).toBe("Hei, {{name}}!");
  });

  it("picks the plural form by the language's rules", () => {
    const t = translator("fi", texts);
    expect(t("a.items", { count: 1 })).toBe("1 aika");
    expect(t("a.items", { count: 0 })).toBe("0 aikaa");
    expect(t("a.items", { count: 5 })).toBe("5 aikaa");
  });

  it("reports a missing key and shows the key, unless there is a default", () => {
    const missing: string[] = [];
    onMissingText((k) => missing.push(k));
    const t = translator("en", texts);
    expect(t("a.nested")).toBe("a.nested");
    expect(t("b.x", { defaultValue: "espoo" })).toBe("espoo");
    expect(missing).toEqual(["a.nested"]);
  });

  it("never reads a key through a string", () => {
    expect(lookup(texts, "a.hello.x")).toBeUndefined();
    expect(lookup(texts, "")).toBeUndefined();
  });
});

describe("text groups", () => {
  it("are the layout's, the matched routes' and the flash key's, without groups inside others", () => {
    const matches = [{ handle: undefined }, { handle: { i18n: ["appointments.door", "appointments", "account.x"] } }];
    expect(textGroupsOf(matches, "session.login.saved")).toEqual([
      "account.x",
      "appointments",
      "common",
      "session.login.saved",
    ]);
    expect(textGroupsOf([{ handle: { hideFooter: true } }], "common.notice.info")).toEqual(["common"]);
    expect(textGroupsOf([], "javascript:alert(1)")).toEqual(["common"]);
  });

  it("pick and merge parts of the texts", () => {
    expect(pickTexts(texts, "a.nested")).toEqual({ a: { nested: { deep: "syvä" } } });
    expect(pickTexts(texts, "a.none")).toBeNull();
    expect(mergeTexts([pickTexts(texts, "a.nested")!, pickTexts(texts, "a.hello")!])).toEqual({
      a: { nested: { deep: "syvä" }, hello: "Hei, {{name}}!" },
    });
  });
});
