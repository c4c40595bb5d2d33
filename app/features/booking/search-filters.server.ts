import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { Lang } from "~/lib/lang";
import type { T } from "~/lib/translate";
import type { CareType } from "./care-type";
import type { ClinicGroup } from "./search-filters";
import { KELA65_SPECIALTY } from "./search";

/** `now` defaults to the clock (tests and the benchmark pass their own). */
import { byLang, type Options } from "./search.server";

/** The search page's filter choices (services, specialists, clinics), cached a minute, and their content. */

export type FilterOptions = {
  specialties: { id: string; name: string }[];
  practitioners: { id: string; name: string; title: string; specialtyId: string | null }[];
  clinics: { id: string; name: string; municipality: string }[];
};

/** The filter form's clinics by municipality (in the choices' order), each municipality named as the page shows it. */
export function clinicGroups(clinics: FilterOptions["clinics"], t: T): ClinicGroup[] {
  const groups = new Map<string, ClinicGroup>();
  for (const { id, name, municipality } of clinics) {
    const group = groups.get(municipality) ?? {
      municipality,
      label: t(`booking.municipality.${municipality}`, { defaultValue: municipality }),
      clinics: [],
    };
    group.clinics.push({ id, name });
    groups.set(municipality, group);
  }
  return [...groups.values()];
}

/**
 * The choices of the filter form: specialties, practitioners and (non-remote) clinics that have future slots for the
 * care type within the brand's specialties. Each is an EXISTS probe on its (id, starts_at) index.
 */
export async function filterOptions(
  db: Database,
  careType: CareType,
  lang: Lang,
  brand: Options["brand"],
  now: Date,
): Promise<FilterOptions> {
  const offered = (
    column: SQL,
  ) => sql`exists (select 1 from ${s.appointments} a where ${column} and a.starts_at > ${now.toISOString()}::timestamptz
    and a.care_types @> array[${careType}]::text[]
    and not exists (select 1 from ${s.reservations} r where r.appointment_id = a.id and r.status = 'active')
    ${careType === "kela65" ? sql`and a.specialty_id = ${KELA65_SPECIALTY}` : sql`and a.specialty_id <> ${KELA65_SPECIALTY}`}
    ${
      brand.bookingSpecialtyIds
        ? sql`and a.specialty_id in (${sql.join(
            brand.bookingSpecialtyIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    })`;
  const [specialties, practitioners, clinics] = await Promise.all([
    db
      .select({
        id: s.specialties.id,
        name: byLang(lang, s.specialties.nameFi, s.specialties.nameSv, s.specialties.nameEn),
      })
      .from(s.specialties)
      .where(offered(sql`a.specialty_id = ${s.specialties.id}`)),
    db
      .select({
        id: s.practitioners.id,
        name: s.practitioners.name,
        title: byLang(lang, s.practitioners.titleFi, s.practitioners.titleSv, s.practitioners.titleEn),
        specialtyId: s.practitioners.specialtyId,
      })
      .from(s.practitioners)
      .where(offered(sql`a.practitioner_id = ${s.practitioners.id}`))
      .orderBy(asc(s.practitioners.name)),
    db
      .select({ id: s.clinics.id, name: s.clinics.name, municipality: s.clinics.municipality })
      .from(s.clinics)
      .where(and(eq(s.clinics.isRemote, false), offered(sql`a.clinic_id = ${s.clinics.id}`)))
      .orderBy(asc(s.clinics.municipality), asc(s.clinics.name)),
  ]);
  specialties.sort((x, y) => x.name.localeCompare(y.name, lang));
  return { specialties, practitioners, clinics };
}

const CHOICES_TTL_MS = 60_000;
const choicesCache = new WeakMap<Database, Map<string, { until: number; choices: Promise<FilterOptions> }>>();

/**
 * The filter choices, shared for a minute per database, customer type, language and brand: they are the same for
 * everyone, and reading them is three probes per request on the most expensive page. A choice that ran out of
 * slots within the minute only leads to an empty list with its alternatives.
 */
export function cachedFilterOptions(
  db: Database,
  careType: CareType,
  lang: Lang,
  brand: Options["brand"],
  now: Date,
): Promise<FilterOptions> {
  let cache = choicesCache.get(db);
  if (!cache) choicesCache.set(db, (cache = new Map()));
  const key = `${careType}|${lang}|${brand.bookingSpecialtyIds?.join(",") ?? "*"}`;
  const hit = cache.get(key);
  // Elapsed real time, not the application clock (which tests may stop).
  const t = performance.now();
  if (hit && hit.until > t) return hit.choices;
  const choices = filterOptions(db, careType, lang, brand, now);
  cache.set(key, { until: t + CHOICES_TTL_MS, choices });
  choices.catch(() => cache.delete(key));
  return choices;
}

/** The clinics where a practitioner has future slots (GET /api/appointments/practitioner-clinics); null if unknown. */
export async function practitionerClinics(db: Database, practitionerId: string, now: Date): Promise<string[] | null> {
  const [known] = await db
    .select({ id: s.practitioners.id })
    .from(s.practitioners)
    .where(eq(s.practitioners.id, practitionerId));
  if (!known) return null;
  const rows = await db
    .selectDistinct({ clinicId: s.appointments.clinicId })
    .from(s.appointments)
    .where(and(eq(s.appointments.practitionerId, practitionerId), gt(s.appointments.startsAt, now)))
    .orderBy(s.appointments.clinicId);
  return rows.map((r) => r.clinicId);
}

/** A specialty's content (GET /api/appointments/specialty); null if unknown. */
export async function specialtyContent(
  db: Database,
  specialtyId: string,
  lang: Lang,
): Promise<{ title: string; description: string | null } | null> {
  const [row] = await db
    .select({
      title: byLang(lang, s.specialties.nameFi, s.specialties.nameSv, s.specialties.nameEn),
      description: byLang(lang, s.specialties.descriptionFi, s.specialties.descriptionSv, s.specialties.descriptionEn),
    })
    .from(s.specialties)
    .where(eq(s.specialties.id, specialtyId));
  return row ?? null;
}
