import { describe, expect, it } from "vitest";
import { renderInEnglish } from "./render-in-english";
import { Select } from "./select";

const render = renderInEnglish;

describe("Select", () => {
  it("is a labelled list with an empty first option, its hint and error in aria-describedby, what follows inside", () => {
    const html = render(
      <Select
        id="s"
        name="pick"
        label="Pick"
        hint="One"
        error="Wrong"
        defaultValue="b"
        placeholder="Any"
        options={[
          { value: "a", label: "A" },
          { value: "b", label: "B" },
        ]}
        after={<p>after</p>}
      />,
    );
    expect(html).toBe(
      '<div class="field field--error"><label class="field__label" for="s">Pick</label>' +
        '<div class="field__hint" id="s-hint">One</div>' +
        '<p class="field__error" id="s-error"><span class="visually-hidden">Error: </span>Wrong</p>' +
        '<select id="s" name="pick" class="input" aria-describedby="s-hint s-error" aria-invalid="true">' +
        '<option value="">Any</option><option value="a">A</option><option value="b" selected="">B</option></select>' +
        "<p>after</p></div>",
    );
  });
});
