import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary } from "./lazy-error-summary";
import { renderInEnglish } from "./render-in-english";

describe("ErrorSummary as the pages use it", () => {
  it("renders nothing, and loads nothing, while the form has no errors", () => {
    expect(renderToString(<ErrorSummary errors={[]} fieldOrder={["phone"]} />)).toBe("");
  });

  it("is in the server's HTML at once when there are errors, in field order, so it works without JavaScript", () => {
    const html = renderInEnglish(
      <ErrorSummary
        errors={[
          { id: "email", message: "Check the email" },
          { id: "phone", message: "Check the phone" },
        ]}
        fieldOrder={["phone", "email"]}
      />,
    );
    expect(html).toContain('class="error-summary"');
    expect(html.indexOf('href="#phone"')).toBeLessThan(html.indexOf('href="#email"'));
  });
});
