import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";

// The vaccinations list (spec part 1 §2 "Vaccinations", §9): paging and the booking links of its items.

/** Vaccinations per page (spec part 1 §9). */
export const VACCINATIONS_PAGE_SIZE = 25;

export type PageWindow = { page: number; pages: number; offset: number; limit: number };

/**
 * The rows of `page` out of `total`: null for a page after the last one (the page answers 404). An empty list
 * still has its first page, which says there is nothing to show.
 */
export function pageWindow(total: number, page: number, size = VACCINATIONS_PAGE_SIZE): PageWindow | null {
  const pages = Math.max(1, Math.ceil(total / size));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  return { page, pages, offset: (page - 1) * size, limit: size };
}

/** A booking search with one `specialtyIds` parameter per specialty, as the search reads them (repeated keys). */
export function bookingSearchHref(
  id: "privateBooking" | "occupationalBooking",
  lang: Lang,
  specialtyIds: readonly string[],
): string {
  const query = new URLSearchParams();
  for (const specialtyId of specialtyIds) query.append("specialtyIds", specialtyId);
  return href(id, lang, {}, query);
}
