import type { Lang } from "~/lib/lang";

/**
 * A new A4 document in the portal's way: real, tagged text with the document's title shown and its language set
 * (a screen reader and search read it). Draw on `doc`, call `doc.end()`, then await `bytes`. The PDF library is
 * loaded on the first document, not with the server (it takes about 150 ms to load).
 */
export async function newPdf(lang: Lang, info: { title: string; author: string; creator: string }) {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    lang: lang === "fi" ? "fi-FI" : lang === "sv" ? "sv-FI" : "en-GB",
    displayTitle: true,
    tagged: true,
    pdfVersion: "1.7",
    info: { Title: info.title, Author: info.author, Subject: info.title, Creator: info.creator },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}
