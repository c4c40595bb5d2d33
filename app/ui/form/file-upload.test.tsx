import { describe, expect, it } from "vitest";
import { renderInEnglish } from "./render-in-english";
import { FileUpload } from "./file-upload";

const render = renderInEnglish;

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
