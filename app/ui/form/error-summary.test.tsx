import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/common.json";
import fi from "../../../locales/fi/common.json";
import sv from "../../../locales/sv/common.json";
import type { Lang } from "~/lib/lang";
import { ErrorSummary } from "./error-summary";
import { I18nProvider } from "../i18n";

const common = { fi, sv, en };

function render(lang: Lang): string {
  return renderToString(
    <I18nProvider lang={lang} resources={{ common: common[lang] }}>
      <ErrorSummary errors={[{ id: "phoneNumber", message: "x" }]} fieldOrder={["phoneNumber"]} />
    </I18nProvider>,
  );
}

describe("ErrorSummary", () => {
  it("is titled with the spec's text in each language (part 1 §5)", () => {
    expect(render("en")).toContain(">Please check the following fields</h2>");
    expect(render("fi")).toContain(">Tarkista seuraavat kentät</h2>");
    expect(render("sv")).toContain(">Kontrollera följande fält</h2>");
  });

  it("links every error to its field", () => {
    expect(render("en")).toContain('<a href="#phoneNumber">x</a>');
  });

  it("lists the errors in the order of the form's fields, whatever order they were found in", () => {
    const html = renderToString(
      <I18nProvider lang="en" resources={{ common: common.en }}>
        <ErrorSummary
          errors={[
            { id: "streetAddress", message: "street" },
            { id: "other", message: "other" },
            { id: "emailAddress", message: "e-mail" },
          ]}
          fieldOrder={["emailAddress", "phoneNumber", "streetAddress"]}
        />
      </I18nProvider>,
    );
    expect([...html.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1])).toEqual([
      "emailAddress",
      "streetAddress",
      "other",
    ]);
  });
});
