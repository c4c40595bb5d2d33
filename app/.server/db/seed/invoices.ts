import type { Database, Transaction } from "../client";
import * as s from "../schema";
import { helsinkiDateParts, startOfHelsinkiDay } from "~/lib/format";

const DAY = 24 * 60 * 60 * 1000;

/** The Helsinki calendar date `offset` days from `today`, as YYYY-MM-DD. */
function dateFrom(today: Date, offset: number): string {
  const p = helsinkiDateParts(new Date(startOfHelsinkiDay(today).getTime() + offset * DAY + 12 * 60 * 60 * 1000));
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

type Row = { description: string; count: number; unitPriceCents: number; vat: number };
type DemoInvoice = {
  number: string;
  person: string;
  source: (typeof s.INVOICE_SOURCES)[number];
  status: (typeof s.INVOICE_STATUSES)[number];
  created: number;
  due: number;
  rows: Row[];
  credited?: string;
  hasPdf?: boolean;
  paid?: number;
};

const DOCTOR: Row = { description: "Lääkärin vastaanotto 20 min", count: 1, unitPriceCents: 8900, vat: 0 };
const FEE: Row = { description: "Toimistomaksu", count: 1, unitPriceCents: 1290, vat: 0 };
const LAB: Row = { description: "Laboratoriotutkimus, PVK", count: 2, unitPriceCents: 1850, vat: 0 };
const NURSE: Row = { description: "Sairaanhoitajan vastaanotto", count: 1, unitPriceCents: 4500, vat: 0 };
const BRACE: Row = { description: "Nilkkatuki", count: 1, unitPriceCents: 3490, vat: 25.5 };
const CHILD: Row = { description: "Lastenlääkärin vastaanotto 20 min", count: 1, unitPriceCents: 9900, vat: 0 };

/**
 * Maija (`patient`) has invoices in every listable status and more than a page of them; Aino (`youngChild`) two open
 * ones her guardian can pay; everyone else none. Days are relative to `today`: "open" ones created within the last
 * four days can be paid online.
 */
const DEMO_INVOICES: DemoInvoice[] = [
  {
    number: "1000101",
    person: "patient",
    source: "CustomerInvoice",
    status: "open",
    created: -1,
    due: 13,
    rows: [DOCTOR, FEE, LAB],
  },
  {
    number: "1000102",
    person: "patient",
    source: "CustomerInvoice",
    status: "open",
    created: 0,
    due: 14,
    rows: [NURSE, FEE],
  },
  {
    number: "1000103",
    person: "patient",
    source: "GoodSignInvoice",
    status: "open",
    created: -2,
    due: 12,
    rows: [NURSE, BRACE],
  },
  {
    number: "1000104",
    person: "patient",
    source: "CustomerInvoice",
    status: "open",
    created: -8,
    due: 6,
    rows: [DOCTOR, FEE],
  },
  {
    number: "1000095",
    person: "patient",
    source: "CustomerInvoice",
    status: "overdue",
    created: -45,
    due: -31,
    rows: [DOCTOR, LAB],
  },
  {
    number: "1000096",
    person: "patient",
    source: "CustomerInvoice",
    status: "paper",
    created: -20,
    due: 4,
    rows: [DOCTOR],
  },
  {
    number: "1000097",
    person: "patient",
    source: "CustomerInvoice",
    status: "paid",
    created: -60,
    due: -46,
    paid: -59,
    rows: [DOCTOR, FEE],
  },
  {
    number: "1000098",
    person: "patient",
    source: "NetsuiteInvoice",
    status: "refunded",
    created: -70,
    due: -56,
    rows: [NURSE],
    credited: "1000090, 1000091",
  },
  {
    number: "1000099",
    person: "patient",
    source: "CustomerInvoice",
    status: "refundInProgress",
    created: -30,
    due: -16,
    rows: [LAB],
  },
  {
    number: "1000100",
    person: "patient",
    source: "CustomerInvoice",
    status: "notAvailable",
    created: -10,
    due: 4,
    hasPdf: false,
    rows: [NURSE],
  },
  {
    number: "1000092",
    person: "patient",
    source: "GoodSignInvoice",
    status: "paid",
    created: -90,
    due: -76,
    paid: -88,
    rows: [NURSE, FEE],
  },
  {
    number: "1000093",
    person: "patient",
    source: "CustomerInvoice",
    status: "paid",
    created: -120,
    due: -106,
    paid: -115,
    rows: [DOCTOR, LAB, FEE],
  },
  {
    number: "1000094",
    person: "patient",
    source: "CustomerInvoice",
    status: "paid",
    created: -150,
    due: -136,
    paid: -140,
    rows: [BRACE],
  },
  {
    number: "2000101",
    person: "youngChild",
    source: "CustomerInvoice",
    status: "open",
    created: -1,
    due: 13,
    rows: [CHILD, FEE],
  },
  {
    number: "2000102",
    person: "youngChild",
    source: "CustomerInvoice",
    status: "open",
    created: 0,
    due: 14,
    rows: [CHILD],
  },
];

export async function seedInvoices(tx: Database | Transaction, ids: Record<string, string>, today: Date) {
  const people = await tx.select().from(s.people);
  for (const demo of DEMO_INVOICES) {
    const personId = ids[demo.person];
    const person = people.find((p) => p.id === personId)!;
    const [invoice] = await tx
      .insert(s.invoices)
      .values({
        invoiceNumber: demo.number,
        personId,
        source: demo.source,
        status: demo.status,
        creditedInvoiceNumber: demo.credited ?? null,
        creationDate: dateFrom(today, demo.created),
        dueDate: dateFrom(today, demo.due),
        sumCents: demo.rows.reduce((sum, r) => sum + r.count * r.unitPriceCents, 0),
        hasPdf: demo.hasPdf ?? true,
        paidAt:
          demo.paid === undefined
            ? null
            : new Date(startOfHelsinkiDay(today).getTime() + demo.paid * DAY + 10 * 60 * 60 * 1000),
        buyerName: `${person.firstName} ${person.lastName}`,
        buyerStreet: person.streetAddress,
        buyerPostalCode: person.postalCode,
        buyerPostOffice: person.postOffice,
      })
      .returning({ id: s.invoices.id });
    await tx.insert(s.invoiceRows).values(
      demo.rows.map((r, i) => ({
        invoiceId: invoice.id,
        position: i + 1,
        description: r.description,
        count: r.count,
        unitPriceCents: r.unitPriceCents,
        date: dateFrom(today, demo.created - 1),
        vatPercentage: r.vat,
      })),
    );
  }
}
