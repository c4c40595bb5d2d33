import { describe, expect, it } from "vitest";
import { renderInEnglish } from "./render-in-english";
import { Textarea } from "./textarea";

const render = renderInEnglish;

const count = { max: 300, hint: "Up to 300 characters.", text: (length: number, max: number) => `${length} / ${max}` };

describe("Textarea without JavaScript", () => {
  it("is labelled, with its hint and error named in aria-describedby, the GOV.UK way", () => {
    const html = render(
      <Textarea
        id="reason"
        name="why"
        label="Reason"
        hint="Why"
        error="Too long"
        rows={3}
        maxLength={2000}
        defaultValue="a<b"
      />,
    );
    expect(html).toBe(
      '<div class="field field--error"><label class="field__label" for="reason">Reason</label>' +
        '<div class="field__hint" id="reason-hint">Why</div>' +
        '<p class="field__error" id="reason-error"><span class="visually-hidden">Error: </span>Too long</p>' +
        '<textarea id="reason" name="why" class="input textarea" rows="3" maxLength="2000" ' +
        'aria-describedby="reason-hint reason-error" aria-invalid="true">a&lt;b</textarea></div>',
    );
  });

  it("says the limit of a character count as a static hint, named between the hint and the error", () => {
    const html = render(
      <Textarea id="r" name="r" label="R" hint="H" error="E" characterCount={count} defaultValue="abc" />,
    );
    expect(html).toContain('aria-describedby="r-hint r-info r-error"');
    expect(html).toContain('<div class="field__hint" id="r-info">Up to 300 characters.</div>');
    expect(html).not.toContain("aria-live");
    expect(html).not.toContain("maxLength");
  });

  it("shows a count without a hint only once hydrated, and names it only then", () => {
    const html = render(<Textarea id="r" name="r" label="R" characterCount={{ ...count, hint: undefined }} />);
    expect(html).not.toContain("r-info");
  });
});
