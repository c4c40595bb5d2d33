import { describe, expect, it } from "vitest";
import {
  ATTACHMENTS_MAX_BYTES,
  ATTACHMENTS_MAX_COUNT,
  FILE_NAME_MAX_LENGTH,
  THREADS_PER_PAGE,
  attachmentContentType,
  bytesMatchExtension,
  checkAttachments,
  cleanFileName,
  isThreadRead,
  pageOf,
} from "./rules";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));

describe("the read rule (spec part 2 §4)", () => {
  const base = { readAt: at(10), lastMessageAt: at(5), professionalTimestamp: null, assignedAt: null };

  it("counts a thread without messages as read, even if never opened", () => {
    expect(isThreadRead({ ...base, readAt: null, lastMessageAt: null })).toBe(true);
    expect(isThreadRead({ ...base, readAt: null, lastMessageAt: null, professionalTimestamp: at(20) })).toBe(true);
  });

  it("counts a thread with messages never opened (readAt null) as unread", () => {
    expect(isThreadRead({ ...base, readAt: null })).toBe(false);
  });

  it("is read when read exactly at the last message's time, unread when read before it", () => {
    expect(isThreadRead({ ...base, readAt: at(5) })).toBe(true);
    expect(isThreadRead({ ...base, readAt: new Date(at(5).getTime() - 1) })).toBe(false);
    expect(isThreadRead(base)).toBe(true);
  });

  it("is unread again when the professional timestamp is after the read time", () => {
    expect(isThreadRead({ ...base, professionalTimestamp: at(11) })).toBe(false);
    expect(isThreadRead({ ...base, professionalTimestamp: at(10) })).toBe(true);
    expect(isThreadRead({ ...base, professionalTimestamp: at(1) })).toBe(true);
  });

  it("is unread again when the user's current assignment is after the read time", () => {
    expect(isThreadRead({ ...base, assignedAt: at(12) })).toBe(false);
    expect(isThreadRead({ ...base, assignedAt: at(9) })).toBe(true);
  });
});

describe("checkAttachments", () => {
  it("takes the allowed extensions in any case", () => {
    for (const name of ["a.pdf", "A.PDF", "b.Docx", "c.JPE", "d.tiff", "e.TeXt", "f.csv", "g.OdS"])
      expect(checkAttachments([{ fileName: name, size: 10 }]), name).toBeNull();
    expect(attachmentContentType("SCAN.JPG")).toBe("image/jpeg");
    expect(attachmentContentType("notes.TXT")).toBe("text/plain");
  });

  it("refuses other extensions, a name without one, and executables posing with a double extension", () => {
    for (const name of ["a.exe", "b.html", "c.svg", "d.zip", "noextension", "e.pdf.exe", "f.", ".pdf.js"])
      expect(checkAttachments([{ fileName: name, size: 10 }]), name).toBe("type");
  });

  it("allows exactly 9,437,184 bytes in total and refuses one byte more", () => {
    expect(ATTACHMENTS_MAX_BYTES).toBe(9_437_184);
    const half = ATTACHMENTS_MAX_BYTES / 2;
    expect(
      checkAttachments([
        { fileName: "a.pdf", size: half },
        { fileName: "b.png", size: half },
      ]),
    ).toBeNull();
    expect(
      checkAttachments([
        { fileName: "a.pdf", size: half },
        { fileName: "b.png", size: half + 1 },
      ]),
    ).toBe("tooLarge");
    expect(checkAttachments([{ fileName: "a.pdf", size: ATTACHMENTS_MAX_BYTES + 1 }])).toBe("tooLarge");
  });

  it("refuses an empty file and too many files", () => {
    expect(checkAttachments([{ fileName: "a.pdf", size: 0 }])).toBe("empty");
    const many = Array.from({ length: ATTACHMENTS_MAX_COUNT + 1 }, (_, i) => ({ fileName: `${i}.txt`, size: 1 }));
    expect(checkAttachments(many)).toBe("tooMany");
    expect(checkAttachments(many.slice(1))).toBeNull();
    expect(checkAttachments([])).toBeNull();
  });
});

describe("bytesMatchExtension", () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
  const HTML = bytes("<!doctype html><script>alert(1)</script>");
  const cases: [string, Uint8Array][] = [
    ["report.pdf", bytes("%PDF-1.7\n%âãÏÓ")],
    ["letter.rtf", bytes("{\\rtf1\\ansi hello}")],
    ["sheet.ods", bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ["text.odt", bytes([0x50, 0x4b, 0x03, 0x04])],
    ["slides.pptx", bytes([0x50, 0x4b, 0x03, 0x04, 0, 0])],
    ["table.xlsx", bytes([0x50, 0x4b, 0x03, 0x04, 1])],
    ["doc.docx", bytes([0x50, 0x4b, 0x03, 0x04, 2])],
    ["old.gif", bytes("GIF87a", [1, 0])],
    ["new.gif", bytes("GIF89a", [1, 0])],
    ["photo.jpeg", bytes([0xff, 0xd8, 0xff, 0xe0])],
    ["photo.jpg", bytes([0xff, 0xd8, 0xff, 0xe1])],
    ["photo.jpe", bytes([0xff, 0xd8, 0xff, 0xdb])],
    ["image.png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ["little.tif", bytes([0x49, 0x49, 0x2a, 0x00, 8])],
    ["big.tiff", bytes([0x4d, 0x4d, 0x00, 0x2a, 8])],
    ["data.csv", bytes("a;b\r\n1;2\n")],
    ["notes.txt", new TextEncoder().encode("Hyvää päivää\ttab\fform feed\n")],
    ["notes.text", bytes("plain")],
  ];

  it.each(cases)("recognises %s by its first bytes", (name, content) => {
    expect(bytesMatchExtension(name, content)).toBe(true);
    expect(bytesMatchExtension(name.toUpperCase(), content)).toBe(true);
  });

  it.each(cases.filter(([name]) => !/\.(csv|txt|text)$/.test(name)))(
    "refuses HTML named %s, and a truncated signature",
    (name, content) => {
      expect(bytesMatchExtension(name, HTML)).toBe(false);
      expect(bytesMatchExtension(name, content.slice(0, 2))).toBe(false);
      expect(bytesMatchExtension(name, new Uint8Array())).toBe(false);
    },
  );

  it("refuses text with NUL or other control bytes, and any unknown extension", () => {
    expect(bytesMatchExtension("a.txt", bytes("MZ", [0x90, 0x00, 0x03]))).toBe(false);
    expect(bytesMatchExtension("a.csv", bytes("a", [0x1b], "b"))).toBe(false);
    expect(bytesMatchExtension("a.exe", bytes("%PDF-1.7"))).toBe(false);
    expect(bytesMatchExtension("a", bytes("%PDF-1.7"))).toBe(false);
    // A PNG's signature does not make it a JPEG.
    expect(bytesMatchExtension("a.jpg", cases[12][1])).toBe(false);
  });
});

describe("cleanFileName", () => {
  it("keeps the last path segment without control characters or quotes, trimmed", () => {
    expect(cleanFileName("C:\\Users\\maija\\Desktop\\lausunto.pdf")).toBe("lausunto.pdf");
    expect(cleanFileName("/tmp/../etc/passwd.txt")).toBe("passwd.txt");
    expect(cleanFileName('  "tulos"\u0000\u001f\u007f.png  ')).toBe("tulos.png");
    expect(cleanFileName("Röntgen kuva (1).JPG")).toBe("Röntgen kuva (1).JPG");
  });

  it("is empty when nothing is left", () => {
    expect(cleanFileName("")).toBe("");
    expect(cleanFileName("folder/")).toBe("");
    expect(cleanFileName("\u0000\u0001")).toBe("");
  });

  it("shortens a long name to the limit and keeps its extension", () => {
    const long = `${"a".repeat(500)}.docx`;
    const clean = cleanFileName(long);
    expect(clean).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(clean.endsWith(".docx")).toBe(true);
    expect(cleanFileName(`${"b".repeat(FILE_NAME_MAX_LENGTH - 4)}.pdf`)).toHaveLength(FILE_NAME_MAX_LENGTH);
  });
});

describe("pageOf", () => {
  it("has one page for no threads and counts pages of ten", () => {
    expect(THREADS_PER_PAGE).toBe(10);
    expect(pageOf(null, 0)).toEqual({ page: 1, pages: 1 });
    expect(pageOf("1", 10)).toEqual({ page: 1, pages: 1 });
    expect(pageOf("2", 11)).toEqual({ page: 2, pages: 2 });
    expect(pageOf("3", 25)).toEqual({ page: 3, pages: 3 });
  });

  it("falls back to the first page for nonsense and to the last one beyond the end", () => {
    // Only a canonical whole number is a page (lib/id.ts pageNumber, as on every paged list).
    for (const requested of [null, "", "0", "-1", "1.5", "x", "1e3x", " ", "1e3", "02", " 2"])
      expect(pageOf(requested, 25), String(requested)).toEqual({ page: 1, pages: 3 });
    expect(pageOf("99", 25)).toEqual({ page: 3, pages: 3 });
  });
});
