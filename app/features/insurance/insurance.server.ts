// CONTRACT STUB — implemented by the insurance work. The reservation page (routes/booking/reserve.tsx) calls these.
import type { Database } from "~/.server/db/client";
import type { Lang } from "~/lib/lang";
import type { InsuranceChoice } from "./insurance-choice";

/** Who is reserving and what: enough for the insurers' checks (age, date, remote or not). */
export type InsuranceContext = {
  person: { id: string; identityCode: string; birthDate: string };
  appointment: { id: number; startsAt: Date; locationType: string };
  lang: Lang;
  brandId: "main" | "pikkujatti";
};

/**
 * Everything the insurer panel needs to render, serializable (returned from the reservation page loader and
 * action). Shape decided by the insurance work.
 */
export type InsurancePanelState = {
  choice: InsuranceChoice;
  /** Field errors as i18n keys, by field name (`insurer`, `reimbursement`, `insuranceConsent`). */
  errors: Record<string, string>;
  [key: string]: unknown;
};

/** The panel's state for a GET of the reservation page (reads return parameters such as `directcompensationallowed`). */
export async function loadInsurancePanel(db: Database, ctx: InsuranceContext, url: URL): Promise<InsurancePanelState> {
  void db; void ctx; void url;
  throw new Error("not implemented");
}

/**
 * Handles the panel's own buttons (verify, retry, cancel verification, remove permit …) posted to the reservation
 * page action with `intent` values starting `insurance:`. Returns null when the intent is not the panel's.
 * May return a redirect Response (to the insurer's permit application).
 */
export async function handleInsuranceIntent(db: Database, ctx: InsuranceContext, form: FormData): Promise<InsurancePanelState | Response | null> {
  void db; void ctx; void form;
  throw new Error("not implemented");
}

/** The insurance part of a reservation, or why it cannot be made. Called by the book action before reserving. */
export type InsuranceForReservation =
  | {
      ok: true;
      insurer: string;
      reimbursement: string | null;
      conceptCode: string;
      /** The reservation note: the date plus a note naming the insurer (spec part 2 §3). */
      description: string;
      /** The direct-billing permit's content hash, or the first insurer's policy id. */
      directCompensationPermit: string | null;
    }
  | { ok: false; state: InsurancePanelState }
  | { ok: false; error: "directReimbursement" | "unknownError" };

export async function insuranceForReservation(db: Database, ctx: InsuranceContext, form: FormData): Promise<InsuranceForReservation> {
  void db; void ctx; void form;
  throw new Error("not implemented");
}
