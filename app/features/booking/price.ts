import type { CareType } from "./care-type";

/** Appointment kinds of the 65+ public-reimbursement pilot: their rate is fixed (spec part 1 §9). */
export const FIXED_RATE_KIND_CODES = ["Y65P", "Y65D", "Y65V"] as const;
export const FIXED_RATE_CENTS = 2820;

export type PriceFee = { code: string; name: string; cents: number };

export type PriceEstimate = {
  /** Rate plus additional fees, in cents. */
  totalCents: number;
  rateCents: number;
  /** "From" before the amount: every care type except kela65. */
  from: boolean;
  /** The additional-fee breakdown, only with feature `price-details`. */
  fees: PriceFee[] | null;
};

/**
 * The price estimate of a free appointment (spec part 1 §9, part 2 §6): shown only for private and kela65
 * appointments that are not reserved; null when it is not shown or the practitioner has no rate.
 */
export function priceEstimate(input: {
  careType: CareType;
  reserved: boolean;
  kindCode: string | null;
  rateCents: number | null;
  additionalFees: PriceFee[];
  showDetails: boolean;
}): PriceEstimate | null {
  if (input.reserved || (input.careType !== "private" && input.careType !== "kela65")) return null;
  const fixed = input.kindCode !== null && (FIXED_RATE_KIND_CODES as readonly string[]).includes(input.kindCode);
  const rateCents = fixed ? FIXED_RATE_CENTS : input.rateCents;
  if (rateCents === null) return null;
  const feeCents = input.additionalFees.reduce((sum, f) => sum + f.cents, 0);
  return {
    totalCents: rateCents + feeCents,
    rateCents,
    from: input.careType !== "kela65",
    fees: input.showDetails ? input.additionalFees : null,
  };
}
