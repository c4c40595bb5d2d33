/**
 * The occupational booking pages' promos (spec part 2 §3 "Contract product ids; phone-service promo with
 * phoneNumber and liftupDescription", §6 "Chat and phone promos depend on contract product ids; the in-app booking
 * session scope hides the promo").
 *
 * The employer's contract lists its service entitlements as product ids. Two of them are promoted on the logged-in
 * occupational list and its free-appointment page, where the person can book:
 *
 * | product id          | promo                                                                   |
 * |---------------------|-------------------------------------------------------------------------|
 * | `OHC-PHONE-SERVICE` | "Call the occupational health phone service {phoneNumber}", with the     |
 * |                     | contract's liftupDescription; needs the contract's phone number as well |
 * | `OHC-CHAT`          | the occupational chat is in the mobile app, with the app-store links    |
 *
 * A booking started from the mobile app (session scope `in-app-booking`) shows neither: the app offers both itself.
 */

export const OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID = "OHC-PHONE-SERVICE";
export const OCCUPATIONAL_CHAT_PRODUCT_ID = "OHC-CHAT";

/** The session scope of a booking started from the mobile app (spec part 1 §3 "Session scope"). */
export const IN_APP_BOOKING_SCOPE = "in-app-booking";

export type OccupationalPromos = {
  /** The phone service: its number and the contract's short description (Finnish, as the contract has it). */
  phoneService: { phoneNumber: string; liftupDescription: string | null } | null;
  chat: boolean;
};

export const NO_PROMOS: OccupationalPromos = { phoneService: null, chat: false };

/** The promos the acting person's contract entitles to; none without occupational care. */
export function occupationalPromos(person: {
  hasOccupationalCare: boolean;
  occupationalContractProductIds: readonly string[];
  occupationalPhoneService: string | null;
  occupationalPhoneServiceDescription: string | null;
}): OccupationalPromos {
  if (!person.hasOccupationalCare) return NO_PROMOS;
  const ids = person.occupationalContractProductIds;
  const phoneNumber = person.occupationalPhoneService?.trim();
  const description = person.occupationalPhoneServiceDescription?.trim();
  return {
    phoneService:
      ids.includes(OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID) && phoneNumber
        ? { phoneNumber, liftupDescription: description || null }
        : null,
    chat: ids.includes(OCCUPATIONAL_CHAT_PRODUCT_ID),
  };
}

/** Whether the session scope hides the promos: a booking started from the mobile app shows none. */
export function promosHidden(sessionScope: string | null | undefined): boolean {
  return sessionScope === IN_APP_BOOKING_SCOPE;
}

/** The promos to show in a session of this scope. */
export function visiblePromos(promos: OccupationalPromos, sessionScope: string | null | undefined): OccupationalPromos {
  return promosHidden(sessionScope) ? NO_PROMOS : promos;
}
