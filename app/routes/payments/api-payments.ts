import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api-payments";
import { allowMethods, issueDetails, readBody, validationError } from "~/.server/api";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { startPayment } from "~/features/payments/payments.server";

export const middleware = [allowMethods("POST")];

/** The spec's payment creation request (part 2 §3); the reference is the invoice number. */
const bodySchema = z.object({
  amount: z.number().int().positive().max(100_000_000),
  customer: z.object({
    email: z.string().max(100).optional(),
    phone: z.string().max(20).optional(),
    firstName: z.string().max(50).optional(),
    lastName: z.string().max(50).optional(),
  }),
  items: z
    .array(
      z.object({
        productCode: z.string().max(40),
        unitPrice: z.number().int(),
        units: z.literal(1),
        vatPercentage: z.literal(0),
      }),
    )
    .length(1),
  language: z.enum(["EN", "FI", "SV"]),
  reference: z.string().regex(/^[1-9][0-9]{0,19}$/),
});

const STATUS = {
  invoiceNotFound: 404,
  alreadyPaid: 409,
  notPayable: 409,
  inProgress: 409,
  emailRequired: 409,
  tooManyAttempts: 429,
  unableToProcess: 502,
} as const;

/** POST /api/payments/ → { terms, providers } from the payment service, for one of the acting person's invoices. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = apiUser(context);
  const parsed = bodySchema.safeParse(await readBody(request));
  if (!parsed.success) throw validationError(issueDetails(parsed.error.issues));
  const body = parsed.data;
  const result = await startPayment(db(), session, {
    invoiceNumber: body.reference,
    lang: body.language.toLowerCase() as "fi" | "sv" | "en",
    origin: requestInfo(context).origin,
    amountCents: body.amount,
  });
  if (!result.ok) return data({ type: result.reason }, { status: STATUS[result.reason] });
  return data({ terms: result.terms, providers: result.providers }, { headers: { "Cache-Control": "no-store" } });
}
