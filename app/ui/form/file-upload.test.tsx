import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/common.json";
import { I18nProvider } from "../i18n";
import { FileUpload } from "./file-upload";

const render = (node: ReactNode) =>
  renderToString(
    <I18nProvider lang="en" resources={{ common: en }}>
      {node}
    </I18nProvider>,
  ).replace(/<!-- -->/g, "");

describe("FileUpload", () => {
  it("is a labelled file field with its hint in aria-describedby, what the page adds around it inside", () => {
    const html = render(
      <FileUpload
        id="f"
        name="files"
        label="Files"
        hint="PDF"
        multiple
        accept=".pdf"
        before={<ul />}
        after={<p>chosen</p>}
      />,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="f">Files</label>' +
        '<div class="field__hint" id="f-hint">PDF</div><ul></ul>' +
        '<input type="file" id="f" multiple="" accept=".pdf" class="file-input" aria-describedby="f-hint" name="files"/>' +
        "<p>chosen</p></div>",
    );
  });
});
