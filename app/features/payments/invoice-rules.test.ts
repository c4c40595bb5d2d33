import { describe, expect, it } from "vitest";
import {
  canBePaidOnline,
  creditedNumbers,
  formatDay,
  invoiceDisplay,
  payableOnlineUntil,
  pdfFilename,
  type InvoiceStatus,
} from "./invoice-rules";

const show = (status: InvoiceStatus, extra: Partial<Parameters<typeof invoiceDisplay>[0]> = {}) =>
  invoiceDisplay({ status, source: "CustomerInvoice", hasPdf: true, canBePaidOnline: false, ...extra });

describe("invoice display (spec part 1 §4)", () => {
  it("labels the PDF link by status", () => {
    expect(show("open").pdfLabel).toBe("summary");
    expect(show("overdue").pdfLabel).toBe("invoice");
    expect(show("paper").pdfLabel).toBe("invoice");
    expect(show("paid").pdfLabel).toBe("receipt");
    expect(show("refunded").pdfLabel).toBe("refundedInvoice");
    expect(show("refundInProgress").pdfLabel).toBe("refundedInvoice");
    expect(show("notAvailable").pdfLabel).toBe("notAvailable");
    expect(show("notAvailable").pdfLink).toBe(false);
    expect(show("paid").pdfLink).toBe(true);
  });

  it("shows a summary link where there is no PDF, and the pay button only when payable online", () => {
    expect(show("open", { hasPdf: false })).toMatchObject({ pdfLink: false, summaryLink: true });
    expect(show("open").summaryLink).toBe(false);
    expect(show("open", { canBePaidOnline: true }).payButton).toBe(true);
    expect(show("open").payButton).toBe(false);
  });

  it("adds the status notes", () => {
    expect(show("overdue").notes).toEqual(["collectionAgency"]);
    expect(show("paper").notes).toEqual(["mailed"]);
    expect(show("refunded", { source: "NetsuiteInvoice" }).notes).toEqual(["refundReceiptMailed"]);
    expect(show("refunded").notes).toEqual([]);
    expect(show("notAvailable").notes).toEqual(["billingContact"]);
    expect(show("open").notes).toEqual([]);
    expect(show("paid").notes).toEqual([]);
  });
});

describe("online payment window (four days)", () => {
  it("ends four calendar days after creation, across months", () => {
    expect(payableOnlineUntil("2026-01-30")).toBe("2026-02-03");
    expect(payableOnlineUntil("2026-12-29")).toBe("2027-01-02");
  });

  it("is open invoices within the window only", () => {
    const open = { status: "open" as const, creationDate: "2026-03-01" };
    expect(canBePaidOnline(open, "2026-03-01")).toBe(true);
    expect(canBePaidOnline(open, "2026-03-05")).toBe(true);
    expect(canBePaidOnline(open, "2026-03-06")).toBe(false);
    expect(canBePaidOnline({ ...open, status: "paid" }, "2026-03-02")).toBe(false);
    expect(canBePaidOnline({ ...open, status: "overdue" }, "2026-03-02")).toBe(false);
  });
});

describe("helpers", () => {
  it("splits credited invoice numbers", () => {
    expect(creditedNumbers("1000090, 1000091")).toEqual(["1000090", "1000091"]);
    expect(creditedNumbers(null)).toEqual([]);
  });

  it("builds a safe PDF file name", () => {
    expect(pdfFilename("Pikkujätti", "kuitti", "1000097")).toBe("Pikkujatti-kuitti-1000097.pdf");
    expect(pdfFilename("Solmu", "refunded invoice", "12")).toBe("Solmu-refunded-invoice-12.pdf");
  });
});

describe("formatDay", () => {
  it("shows a calendar date in the spec's formats", () => {
    expect(formatDay("2026-03-05", "fi")).toBe("5.3.2026");
    expect(formatDay("2026-03-05", "sv")).toBe("5.3.2026");
  });
});
