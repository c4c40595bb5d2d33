import { describe, expect, it } from "vitest";
import { backgroundHref } from "./page-polling";

describe("a page's poll", () => {
  it("loads the page's own address, its query kept, marked as a poll", () => {
    expect(backgroundHref("/fi/viestit/12", "")).toBe("/fi/viestit/12?background=1");
    expect(backgroundHref("/en/conversations", "?page=2&poll=1500")).toBe(
      "/en/conversations?page=2&poll=1500&background=1",
    );
    // Marked once, whatever the address already said.
    expect(backgroundHref("/fi/viestit", "?background=0")).toBe("/fi/viestit?background=1");
  });
});
