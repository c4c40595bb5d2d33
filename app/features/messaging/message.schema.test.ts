import { describe, expect, it } from "vitest";
import { excerpt } from "./message-view";
import { normaliseLineBreaks } from "~/lib/text";
import { checkMessageForm, newConversationSchema } from "./message.schema";
import { ATTACHMENTS_MAX_BYTES } from "./rules";

const K = "messaging.form.errors";

describe("the message forms' rules (server and browser alike)", () => {
  it("needs a subject of at most 70 characters and a message in a new conversation", () => {
    expect(checkMessageForm("new", { subject: "Aihe", message: "Viesti" }, [])).toEqual({});
    expect(checkMessageForm("new", { subject: "x".repeat(70), message: "Viesti" }, [])).toEqual({});
    expect(checkMessageForm("new", { subject: "x".repeat(71), message: "Viesti" }, [])).toEqual({
      subject: `${K}.subjectTooLong`,
    });
    expect(checkMessageForm("new", { subject: "  ", message: "" }, [])).toEqual({
      subject: `${K}.subjectRequired`,
      message: `${K}.messageRequired`,
    });
    expect(checkMessageForm("new", {}, [])).toEqual({
      subject: `${K}.subjectRequired`,
      message: `${K}.messageRequired`,
    });
    // Spaces around the subject do not count.
    expect(checkMessageForm("new", { subject: ` ${"x".repeat(70)} `, message: "Viesti" }, [])).toEqual({});
    expect(checkMessageForm("new", { subject: "a\u0000b", message: "Viesti" }, [])).toEqual({
      subject: "common.form.errors.invalidCharacters",
    });
  });

  it("takes a reply of text, of attachments, or both, but not of nothing", () => {
    const pdf = { fileName: "a.pdf", size: 100 };
    expect(checkMessageForm("reply", { message: "Kiitos" }, [])).toEqual({});
    expect(checkMessageForm("reply", { message: "" }, [pdf])).toEqual({});
    expect(checkMessageForm("reply", { message: " \n " }, [])).toEqual({ message: `${K}.replyEmpty` });
    expect(checkMessageForm("reply", {}, [])).toEqual({ message: `${K}.replyEmpty` });
  });

  it("checks the attachments' types and their total size", () => {
    expect(checkMessageForm("reply", { message: "x" }, [{ fileName: "a.exe", size: 1 }])).toEqual({
      attachments: `${K}.attachments.type`,
    });
    expect(
      checkMessageForm("reply", { message: "x" }, [
        { fileName: "a.pdf", size: ATTACHMENTS_MAX_BYTES / 2 },
        { fileName: "b.PNG", size: ATTACHMENTS_MAX_BYTES / 2 },
      ]),
    ).toEqual({});
    expect(
      checkMessageForm("reply", { message: "x" }, [
        { fileName: "a.pdf", size: ATTACHMENTS_MAX_BYTES / 2 },
        { fileName: "b.png", size: ATTACHMENTS_MAX_BYTES / 2 + 1 },
      ]),
    ).toEqual({ attachments: `${K}.attachments.tooLarge` });
    expect(checkMessageForm("reply", { message: "x" }, [{ fileName: "a.txt", size: 0 }])).toEqual({
      attachments: `${K}.attachments.empty`,
    });
  });

  it("keeps line breaks as LF, whatever the form posted", () => {
    expect(normaliseLineBreaks("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
    const parsed = newConversationSchema.parse({ subject: " Aihe ", message: "Rivi 1\r\nRivi 2\r\n" });
    expect(parsed).toEqual({ subject: "Aihe", message: "Rivi 1\nRivi 2" });
  });

  it("cuts an excerpt at a word, on one line", () => {
    expect(excerpt("Lyhyt\nviesti")).toBe("Lyhyt viesti");
    const long = "sana ".repeat(60);
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(121);
    expect(cut).toMatch(/^sana( sana)*…$/);
    expect(excerpt("x".repeat(200))).toBe(`${"x".repeat(120)}…`);
  });
});
