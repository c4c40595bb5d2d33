import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { bookingSearchHref } from "./vaccinations";

// The occupational vaccination landing (spec part 2 §2, §3 "Vaccination page state", §6, §8, §9).

/** The influenza vaccination specialties the landing books (spec part 2 §9: ROKT, ROKH). */
export const INFLUENZA_SPECIALTY_IDS: readonly string[] = ["ROKT", "ROKH"];

/** The page state of the spec: whether the visitor is logged in with an occupational contract, and the flag. */
export type VaccinationPageState = {
  status: "unauthorized" | "no-occupational-healthcare" | "ok";
  isInfluenzaVaccinationAllowed: boolean;
};

/**
 * The state for the logged-in user (never a child acted for: the occupational contract is the employee's), or
 * null when nobody is logged in.
 */
export function vaccinationPageState(
  user: { hasOccupationalCare: boolean; occupationalInfluenzaVaccination: boolean } | null,
): VaccinationPageState {
  if (!user) return { status: "unauthorized", isInfluenzaVaccinationAllowed: false };
  if (!user.hasOccupationalCare) return { status: "no-occupational-healthcare", isInfluenzaVaccinationAllowed: false };
  return { status: "ok", isInfluenzaVaccinationAllowed: user.occupationalInfluenzaVaccination };
}

/** What the landing shows: a login prompt, one of the two error pages, or the landing with the booking button. */
export type VaccinationLanding =
  | { view: "login"; loginHref: string }
  | { view: "noContract"; backHref: string }
  | { view: "noVaccinations"; backHref: string }
  | { view: "ok"; influenzaHref: string };

export function vaccinationLanding(state: VaccinationPageState, lang: Lang): VaccinationLanding {
  if (state.status === "unauthorized")
    // After the login the visitor comes back to this same landing.
    return { view: "login", loginHref: href("login", lang, {}, { nextPath: href("occupationalVaccination", lang) }) };
  const backHref = href("home", lang);
  if (state.status === "no-occupational-healthcare") return { view: "noContract", backHref };
  if (!state.isInfluenzaVaccinationAllowed) return { view: "noVaccinations", backHref };
  return { view: "ok", influenzaHref: bookingSearchHref("occupationalBooking", lang, INFLUENZA_SPECIALTY_IDS) };
}
