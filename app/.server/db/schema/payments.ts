import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { people } from "./people";

/** Where an invoice comes from (spec part 1 §3 "Invoice sources"). */
export const INVOICE_SOURCES = ["CustomerInvoice", "GoodSignInvoice", "NetsuiteInvoice"] as const;
/** The listable invoice statuses (spec part 1 §3). */
export const INVOICE_STATUSES = [
  "notAvailable",
  "open",
  "overdue",
  "paid",
  "paper",
  "refundInProgress",
  "refunded",
] as const;

/** A receipt or invoice of the person it is addressed to (the patient; a child's invoice is the child's). */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceNumber: text("invoice_number").notNull().unique(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    source: text("source", { enum: INVOICE_SOURCES }).notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    /** Comma-separated invoice numbers this one credits, as the source systems give them. */
    creditedInvoiceNumber: text("credited_invoice_number"),
    creationDate: date("creation_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    sumCents: integer("sum_cents").notNull(),
    hasPdf: boolean("has_pdf").notNull().default(true),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    buyerName: text("buyer_name").notNull(),
    buyerStreet: text("buyer_street"),
    buyerPostalCode: text("buyer_postal_code"),
    buyerPostOffice: text("buyer_post_office"),
  },
  (t) => [index("invoices_person_idx").on(t.personId, t.creationDate)],
);

export const invoiceRows = pgTable(
  "invoice_rows",
  {
    id: serial("id").primaryKey(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    count: integer("count").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    vatPercentage: numeric("vat_percentage", { precision: 4, scale: 1, mode: "number" }).notNull(),
  },
  (t) => [index("invoice_rows_invoice_idx").on(t.invoiceId)],
);

/** A payment method's form as the provider gives it: the browser posts `parameters` to `url`. */
export type ProviderForm = {
  id: string;
  name: string;
  url: string;
  svg: string;
  parameters: { name: string; value: string }[];
};

/**
 * One online payment attempt: the stamp is ours (unique per attempt), the transaction id the provider's. The
 * provider's forms and terms are kept so that a later click reuses the open payment instead of opening another.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    stamp: uuid("stamp").notNull().unique(),
    transactionId: text("transaction_id"),
    amountCents: integer("amount_cents").notNull(),
    /** `duplicate`: it succeeded for an invoice another payment had already paid, and must be refunded. */
    status: text("status", { enum: ["new", "ok", "fail", "pending", "delayed", "duplicate"] })
      .notNull()
      .default("new"),
    provider: text("provider"),
    providerForms: jsonb("provider_forms").$type<ProviderForm[]>(),
    terms: text("terms"),
    /** When a second payment of an already paid invoice was found; support refunds these. */
    refundRequiredAt: timestamp("refund_required_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId),
    index("payments_refund_idx")
      .on(t.refundRequiredAt)
      .where(sql`${t.refundRequiredAt} is not null`),
  ],
);

/**
 * What happened to a payment, for support: a redirect or callback received, its signature verified (or not), and
 * the invoice marked paid (applied) — once.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: ["created", "reused", "received", "verified", "rejected", "applied", "duplicate"],
    }).notNull(),
    channel: text("channel", { enum: ["create", "redirect", "callback"] }).notNull(),
    detail: jsonb("detail").$type<Record<string, string>>(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("payment_events_payment_idx").on(t.paymentId)],
);
