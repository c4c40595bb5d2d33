import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { CharacterCount } from "./character-count";
import { renderInEnglish } from "./render-in-english";
import { Textarea } from "./textarea";

// As once hydrated: the count replaces the static hint.
vi.mock("../hydrated", () => ({ useHydrated: () => true }));

const text = (length: number, max: number) => `${length} / ${max}`;

describe("the character count once hydrated", () => {
  it("counts in a polite live region, marked as an error past the limit", () => {
    expect(renderToString(<CharacterCount id="c" length={5} max={10} hint="At most 10." text={text} />)).toBe(
      '<div class="field__hint" id="c" aria-live="polite">5 / 10</div>',
    );
    expect(renderToString(<CharacterCount id="c" length={11} max={10} text={text} />)).toBe(
      '<div class="field__hint field__hint--error" id="c" aria-live="polite">11 / 10</div>',
    );
  });

  it("counts a textarea's text, the page's own value or the one typed, and is named in its aria-describedby", () => {
    const render = (value: { value: string; onChange(): void } | { defaultValue: string }) =>
      renderInEnglish(<Textarea id="r" name="r" label="R" characterCount={{ max: 3, text }} {...value} />);
    const held = render({ value: "abcd", onChange: () => {} });
    expect(held).toContain('aria-describedby="r-info"');
    expect(held).toContain('<div class="field__hint field__hint--error" id="r-info" aria-live="polite">4 / 3</div>');
    expect(render({ defaultValue: "ab" })).toContain(">2 / 3</div>");
  });
});
