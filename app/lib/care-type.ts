/**
 * The customer types of booking (the spec's health-care types). The database stores them (`appointment_kinds.care_types`,
 * `reservations.care_type`) and the booking pages are built around them, so they live below both.
 */
export const CARE_TYPES = ["private", "occupational", "insurance", "kela65"] as const;
export type CareType = (typeof CARE_TYPES)[number];
