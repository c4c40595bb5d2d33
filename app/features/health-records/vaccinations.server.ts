import { count, desc, eq } from "drizzle-orm";
import { logAccess } from "~/.server/access-log";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { UserSession } from "~/.server/guards";
import { formatDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { bookingSearchHref, pageWindow } from "./vaccinations";

/** One vaccination as the list shows it (spec part 1 §3 "Vaccination"), its dates already in the page's language. */
export type VaccinationItem = {
  id: number;
  date: string;
  name: string;
  practitionerName: string | null;
  /** Null when the record gives no end date. */
  validUntil: string | null;
  /** The private booking search for the vaccination's specialty; null when the record names none. */
  bookingHref: string | null;
};

export type VaccinationsPage = { page: number; pages: number; total: number; items: VaccinationItem[] };

/** A calendar day (YYYY-MM-DD) as the portal shows dates; noon UTC is the same day in Helsinki. */
function day(iso: string, lang: Lang): string {
  return formatDate(new Date(`${iso}T12:00:00Z`), lang);
}

/**
 * A page of the acting person's vaccinations, newest first; null for a page after the last one. The read is
 * recorded in the access log.
 */
export async function loadVaccinationsPage(
  db: Database,
  session: UserSession,
  page: number,
  lang: Lang,
): Promise<VaccinationsPage | null> {
  const personId = session.actingPerson.id;
  const [{ total }] = await db
    .select({ total: count() })
    .from(s.vaccinations)
    .where(eq(s.vaccinations.personId, personId));
  const window = pageWindow(total, page);
  if (!window) return null;
  const rows = await db
    .select({
      id: s.vaccinations.id,
      vaccinatedOn: s.vaccinations.vaccinatedOn,
      name: s.vaccinations.name,
      practitionerName: s.practitioners.name,
      effectiveUntil: s.vaccinations.effectiveUntil,
      specialtyId: s.vaccinations.specialtyId,
    })
    .from(s.vaccinations)
    .leftJoin(s.practitioners, eq(s.practitioners.id, s.vaccinations.practitionerId))
    .where(eq(s.vaccinations.personId, personId))
    .orderBy(desc(s.vaccinations.vaccinatedOn), desc(s.vaccinations.id))
    .limit(window.limit)
    .offset(window.offset);
  await logAccess({ actorId: session.user.id, subjectId: personId, resource: "vaccinations" }, db);
  return {
    page: window.page,
    pages: window.pages,
    total,
    items: rows.map((r) => ({
      id: r.id,
      date: day(r.vaccinatedOn, lang),
      name: r.name,
      practitionerName: r.practitionerName,
      validUntil: r.effectiveUntil ? day(r.effectiveUntil, lang) : null,
      bookingHref: r.specialtyId ? bookingSearchHref("privateBooking", lang, [r.specialtyId]) : null,
    })),
  };
}
