import type { RouteId } from "~/route-table";
import { CARE_TYPES, type CareType } from "~/lib/care-type";

/** The customer types of booking (the spec's health-care types); each has its own list and reservation pages. */
export { CARE_TYPES, type CareType };

type CareTypePages = {
  /** The search list. */
  search: RouteId;
  /** A free appointment for a logged-in customer (the reservation form). */
  freeAppointment: RouteId;
  /** A free appointment for an anonymous visitor (null: the type needs login before anything is shown). */
  anonFreeAppointment: RouteId | null;
};

export const CARE_TYPE_PAGES: Record<CareType, CareTypePages> = {
  private: { search: "privateBooking", freeAppointment: "freeAppointment", anonFreeAppointment: "anonFreeAppointment" },
  insurance: {
    search: "insuranceBooking",
    freeAppointment: "insuranceFreeAppointment",
    anonFreeAppointment: "anonInsuranceFreeAppointment",
  },
  kela65: {
    search: "kela65Booking",
    freeAppointment: "kela65FreeAppointment",
    anonFreeAppointment: "anonKela65FreeAppointment",
  },
  occupational: {
    search: "occupationalBooking",
    freeAppointment: "occupationalFreeAppointment",
    anonFreeAppointment: null,
  },
};

/** The free-appointment page a search result links to: the anonymous one for a visitor, where the type has one. */
export function freeAppointmentPageFor(careType: CareType, loggedIn: boolean): RouteId {
  const pages = CARE_TYPE_PAGES[careType];
  return loggedIn ? pages.freeAppointment : (pages.anonFreeAppointment ?? pages.freeAppointment);
}

/** The customer type a booking page serves, from its route-table id. */
export function careTypeOfRoute(routeId: string): CareType {
  for (const type of CARE_TYPES) {
    const pages = CARE_TYPE_PAGES[type];
    if (pages.search === routeId || pages.freeAppointment === routeId || pages.anonFreeAppointment === routeId)
      return type;
  }
  return "private";
}

/** Anonymous reservation is possible only for private appointments that do not require authentication. */
export function mayReserveAnonymously(careType: CareType, requiresAuthToReserve: boolean): boolean {
  return careType === "private" && !requiresAuthToReserve;
}

/** The search call's flag for each customer type (GET /api/appointments/available-appointment-dates and the list). */
export const CARE_TYPE_FLAG: Record<CareType, string | null> = {
  private: null,
  insurance: "isInsuranceCustomer",
  kela65: "isKela65",
  occupational: "isOccupationalHealthcare",
};

/** The customer type a call's flags name (at most one of them "true"; anything but "true"/"false" is invalid). */
export function careTypeOfFlags(params: URLSearchParams): CareType | "invalid" {
  let found: CareType = "private";
  for (const careType of CARE_TYPES) {
    const flag = CARE_TYPE_FLAG[careType];
    const value = flag === null ? null : params.get(flag);
    if (value === null || value === "false") continue;
    if (value !== "true" || found !== "private") return "invalid";
    found = careType;
  }
  return found;
}
