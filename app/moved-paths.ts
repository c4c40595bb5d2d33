import type { Lang } from "./lib/lang";
import type { RouteId } from "./route-table";

/**
 * Paths a page had before it moved, per language (without the /{lang} prefix), and the page they lead to now.
 * Addresses already out in the world (an e-mail, a bookmark, the provider's return address of a payment begun
 * before the move) keep working: routes.ts declares each, and routes/moved.ts answers with a permanent redirect
 * that keeps the parameters and the query.
 */
export const MOVED_PATHS: readonly { to: RouteId; from: Record<Lang, string> }[] = [
  { to: "payInvoice", from: { fi: "laskut/maksa/:id", sv: "fakturor/betala/:id", en: "invoices/pay/:id" } },
  { to: "paymentResult", from: { fi: "laskut/maksu/:id", sv: "fakturor/betalning/:id", en: "invoices/payment/:id" } },
];
