import { routeIdForPath, routeTable } from "~/route-table";

/**
 * Texts only the booking pages use. Every page carries its texts in the root data, so leaving these out elsewhere
 * keeps pages small.
 */
export const BOOKING_NAMESPACES = ["booking", "reservation", "insurance"] as const;

/**
 * The clinic-door page (opened from the SMS link on a weak signal; budget: a usable check-in form within 20 kB
 * before scripts) carries only the texts it shows: the layout's, the door's and the consent form's.
 */
export const DOOR_TEXTS = [
  "common",
  "account.consent",
  "appointments.door",
  "appointments.details.when",
  "appointments.details.location",
  "appointments.details.cancel",
] as const;

/** Which texts a page carries: all, all but the booking ones, or the door page's. */
export type TextSet = "all" | "withoutBooking" | "door";

const bookingPages = new Set<string>(
  routeTable.filter((r) => r.file.startsWith("routes/booking/") || r.id === "dataProcessing").map((r) => r.id),
);

const covers = (paths: readonly string[], key: string) => paths.some((p) => key === p || key.startsWith(`${p}.`));

/** The texts of the page at `pathname`; a flash message from another page brings its texts along. */
export function textSetFor(pathname: string, flashKey?: string | null): TextSet {
  const id = routeIdForPath(pathname);
  if (id && bookingPages.has(id)) return "all";
  if (flashKey && (BOOKING_NAMESPACES as readonly string[]).includes(flashKey.split(".")[0])) return "all";
  if (id === "doorAppointment" && (!flashKey || covers(DOOR_TEXTS, flashKey))) return "door";
  return "withoutBooking";
}
