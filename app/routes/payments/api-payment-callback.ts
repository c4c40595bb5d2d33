import { data } from "react-router";
import type { Route } from "./+types/api-payment-callback";
import { allowMethods, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { applyPaymentReturn } from "~/features/payments/payments.server";

export const middleware = [allowMethods("GET")];

/**
 * The payment service's server-to-server callback (GET with the signed `checkout-*` parameters). A valid one is
 * applied (the invoice marked paid once) and answered 200; anything else 400 and changes nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const applied = await applyPaymentReturn(db(), new URL(request.url).searchParams, "callback");
  if (!applied) throw validationError([{ path: "signature", message: "Not a valid payment return" }]);
  return data({ type: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
