import { routeIdForPath, routeTable } from "~/route-table";

/**
 * Texts only the booking pages use. Every page carries its texts in the root data, so leaving these out elsewhere
 * keeps pages like the clinic-door check-in small (budget: usable within 20 kB before scripts).
 */
export const BOOKING_NAMESPACES = ["booking", "reservation", "insurance"] as const;

const bookingPages = new Set<string>(routeTable.filter((r) => r.file.startsWith("routes/booking/") || r.id === "dataProcessing").map((r) => r.id));

export function needsBookingTexts(pathname: string, flashKey?: string | null): boolean {
  const id = routeIdForPath(pathname);
  if (id && bookingPages.has(id)) return true;
  return !!flashKey && (BOOKING_NAMESPACES as readonly string[]).includes(flashKey.split(".")[0]);
}
