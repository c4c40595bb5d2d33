import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, isSafeUrl, parseInline, parseMarkdown } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("the announcement's markdown", () => {
  it("makes paragraphs of blank-line separated text and line breaks of single newlines", () => {
    expect(html("First line\nsecond line\n\nNext paragraph")).toBe(
      "<p>First line<br/>second line</p><p>Next paragraph</p>",
    );
    expect(html("Windows\r\nline ends\r\n\r\nwork")).toBe("<p>Windows<br/>line ends</p><p>work</p>");
    expect(html("")).toBe("");
    expect(html("\n\n  \n")).toBe("");
  });

  it("renders bold, italic and both nested", () => {
    expect(html("A **bold** and *italic* word")).toBe("<p>A <strong>bold</strong> and <em>italic</em> word</p>");
    expect(html("**bold with *italic* inside**")).toBe("<p><strong>bold with <em>italic</em> inside</strong></p>");
  });

  it("leaves unmatched or spaced markers as they are", () => {
    expect(html("2 * 3 * 4")).toBe("<p>2 * 3 * 4</p>");
    expect(html("**not closed")).toBe("<p>**not closed</p>");
    expect(html("a *b")).toBe("<p>a *b</p>");
    expect(html("\\*literal\\*")).toBe("<p>*literal*</p>");
  });

  it("makes bullet lists of lines starting with - or *", () => {
    expect(html("Before\n- one\n- **two**\n* three\n\nAfter")).toBe(
      "<p>Before</p><ul><li>one</li><li><strong>two</strong></li><li>three</li></ul><p>After</p>",
    );
    expect(html("- item\n  continues\n- next")).toBe("<ul><li>item<br/>continues</li><li>next</li></ul>");
  });

  it("links only https and mailto addresses", () => {
    expect(html("See [the instructions](https://www.solmu.example/ohje?a=1&b=2).")).toBe(
      '<p>See <a href="https://www.solmu.example/ohje?a=1&amp;b=2" rel="noopener noreferrer">the instructions</a>.</p>',
    );
    expect(html("[Mail us](mailto:asiakaspalvelu@solmu.example)")).toBe(
      '<p><a href="mailto:asiakaspalvelu@solmu.example" rel="noopener noreferrer">Mail us</a></p>',
    );
    for (const url of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "http://example.com",
      "data:text/html,<b>x</b>",
      "//evil.example",
      "/relative",
      "vbscript:x",
    ]) {
      expect(isSafeUrl(url), url).toBe(false);
      expect(html(`[click](${url})`), url).not.toContain("<a");
    }
    expect(html("[x](javascript:alert(1))")).toBe("<p>[x](javascript:alert(1))</p>");
    expect(isSafeUrl('https://a.example/"onmouseover="x')).toBe(false);
  });

  it("never lets HTML through: tags and entities are text", () => {
    const out = html('<script>alert("x")</script> <img src=x onerror=alert(1)> **<b>bold</b>**');
    expect(out).not.toMatch(/<script|<img|<b>/);
    expect(out).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; " +
        "<strong>&lt;b&gt;bold&lt;/b&gt;</strong></p>",
    );
    expect(html("[<i>x</i>](https://a.example)")).toBe(
      '<p><a href="https://a.example" rel="noopener noreferrer">&lt;i&gt;x&lt;/i&gt;</a></p>',
    );
  });

  it("parses into a plain tree", () => {
    expect(parseMarkdown("Hi **there**\n\n- a")).toEqual([
      { type: "paragraph", children: ["Hi ", { type: "strong", children: ["there"] }] },
      { type: "list", items: [["a"]] },
    ]);
    expect(parseInline("a\nb")).toEqual(["a", { type: "br" }, "b"]);
  });
});
