import { z } from "zod";

/** A click on a payment method: the method's id and the sum the page showed (cents), re-checked on the server. */
export const methodChoiceSchema = z.object({
  method: z.string().regex(/^[\w-]{1,40}$/),
  amount: z.coerce.number().int().positive().max(100_000_000),
});
