import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brands } from "#brands/index";
import { certificatePdf } from "./certificate-pdf.server";
import type { Certificate } from "./certificates.server";

/** The text lines of a pdfkit PDF: each TJ array's hex strings, inflated and decoded (WinAnsi ≈ Latin-1 here). */
function textLines(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines;
}

const certificate: Certificate = {
  id: 7,
  type: "medicalCertificateA",
  created: "21.10.2026",
  sickLeave: "21.10.2026–25.10.2026",
  practitionerName: "Anna Aho",
  practitionerTitle: "Yleislääkäri",
  diagnosisCode: "J06.9",
  diagnosisText: "Ylähengitystieinfektio",
  statement: "Potilas on työkyvytön sairauden vuoksi.",
};
const patient = { firstName: "Maija", lastName: "Meikäläinen", identityCode: "150385-9024" };

describe("certificatePdf", () => {
  it("writes the certificate in the page's language, the diagnosis and statement as written", async () => {
    const pdf = await certificatePdf(certificate, patient, brands.main, "fi");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const lines = textLines(pdf);
    for (const line of [
      "Solmu Terveys Oy",
      "Lääkärintodistus A",
      "Potilas",
      "Maija Meikäläinen",
      "Henkilötunnus",
      "150385-9024",
      "Sairausloma",
      "J06.9 Ylähengitystieinfektio",
      "Potilas on työkyvytön sairauden vuoksi.",
      "Anna Aho, Yleislääkäri",
      "Antopäivä",
      "21.10.2026",
    ])
      expect(lines, line).toContain(line);
    expect(pdf.toString("latin1")).toContain("/Lang (fi-FI)");
  });

  it("leaves out a diagnosis and statement the certificate does not have", async () => {
    const pdf = await certificatePdf(
      { ...certificate, type: "nurse", diagnosisCode: null, diagnosisText: null, statement: null },
      patient,
      brands.main,
      "en",
    );
    const lines = textLines(pdf);
    expect(lines).toContain("Nurse's certificate");
    expect(lines).toContain("Personal identity code");
    expect(lines).not.toContain("Diagnosis");
    expect(lines).not.toContain("Statement");
    expect(pdf.toString("latin1")).toContain("/Lang (en-GB)");
  });
});
