import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-invoices-list";
import { allowMethods } from "~/.server/api";
import { db } from "~/.server/db/client";
import { allInvoices } from "~/features/payments/invoices.server";

export const middleware = [allowMethods("GET")];

/** GET /api/payments/invoices-list → { invoices } of the acting person, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const invoices = await allInvoices(db(), apiUser(context));
  return data({ invoices }, { headers: { "Cache-Control": "no-store" } });
}
