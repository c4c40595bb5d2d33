import { freeTimesGeneration } from "~/.server/free-times";
import { and, asc, eq, gt, gte, inArray, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Brand, Environment, Feature } from "#brands/index";
import { now as clockNow } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import * as s from "~/.server/db/schema";
import type { Lang } from "~/lib/lang";
import { INSURANCE_LIST_PARAMS } from "~/features/insurance/insurance-list-params";
import type { CareType } from "./care-type";
import {
  KELA65_SPECIALTY,
  MAX_ALTERNATIVE_DAYS,
  PAGE_SIZE,
  REMOTE_LOCATION_TYPES,
  SEARCH_WINDOW_DAYS,
  addDays,
  effectiveFilters,
  nearbyClinicIds,
  timeWindows,
  type SearchFilters,
  type Window,
} from "./search";
import { helsinkiToday } from "~/lib/format";

/** `now` defaults to the clock (tests and the benchmark pass their own). */
export type Options = { lang: Lang; brand: Pick<Brand, "bookingSpecialtyIds">; now?: Date };

/** An appointment of the search list, in the spec's Appointment shape (part 2 §3). */
export type FreeAppointment = {
  id: number;
  startDate: string;
  durationMinutes: number;
  practitionerId: string;
  practitioner: { name: string; title: string; isResource: boolean; picture: string | null };
  clinicId: string;
  clinic: { name: string; municipality: string };
  specialtyId: string;
  specialty: { id: string; name: string };
  kind: string | null;
  locationType: (typeof s.locationTypes)[number];
  isRemote: boolean;
  requiresAuthToReserve: boolean;
};

export type SearchResult = { type: "success"; appointments: FreeAppointment[]; hasMore: boolean; startDate: string };

export const byLang = <A, B, C>(lang: Lang, fi: A, sv: B, en: C): A | B | C =>
  lang === "sv" ? sv : lang === "en" ? en : fi;

/** Whether a feature flag is on for the brand in this environment. */
export function hasFeature(brand: Brand, environment: Environment, feature: Feature): boolean {
  return brand.features[environment].includes(feature);
}

/** The customer types this brand offers: occupational needs its page in the brand and the feature; 65+ the feature. */
export function offeredCareTypes(brand: Brand, environment: Environment): CareType[] {
  const types: CareType[] = ["private"];
  if (!brand.hiddenPages.includes("occupationalBooking") && hasFeature(brand, environment, "ohc-appointment-search"))
    types.push("occupational");
  types.push("insurance");
  if (hasFeature(brand, environment, "kela65")) types.push("kela65");
  return types;
}

/** Whether the search list of a customer type exists in this brand: 65+ and occupational are behind their features. */
export function searchListEnabled(careType: CareType, brand: Brand, environment: Environment): boolean {
  if (careType === "kela65") return hasFeature(brand, environment, "kela65");
  if (careType === "occupational") return hasFeature(brand, environment, "ohc-appointment-search");
  return true;
}

/** The insurance list's own query parameters (insurer, reimbursement), which its links carry along; none on other lists. */
export function listExtras(params: URLSearchParams, careType: CareType): Record<string, string> {
  const extras: Record<string, string> = {};
  for (const name of INSURANCE_LIST_PARAMS) {
    const v = params.get(name);
    if (careType === "insurance" && v) extras[name] = v;
  }
  return extras;
}

const isRemoteSql = inArray(s.appointments.locationType, [
  ...REMOTE_LOCATION_TYPES,
] as (typeof s.locationTypes)[number][]);

/**
 * The conditions every search shares: free (no active reservation — the same predicate as the partial unique
 * index, so the anti-join is an index probe), in the future, offered to the care type, within the brand's
 * specialties, Y65V only on kela65, plus the filters.
 */
function conditions(
  filters: SearchFilters,
  careType: CareType,
  brand: Options["brand"],
  now: Date | undefined,
  windows: Window[],
  clinicOverride?: string[],
): SQL {
  const f = effectiveFilters(filters, careType);
  const a = s.appointments;
  now ??= clockNow();
  const parts: (SQL | undefined)[] = [
    sql`not exists (select 1 from ${s.reservations} r where r.appointment_id = ${a.id} and r.status = 'active')`,
    // Held for the person it is offered to as an earlier time.
    sql`not exists (select 1 from ${s.earlierTimeOffers} o where o.appointment_id = ${a.id} and o.status = 'open' and o.expires_at > ${now.toISOString()}::timestamptz)`,
    gt(a.startsAt, now),
    sql`${a.careTypes} @> array[${careType}]::text[]`,
    windows.length === 1
      ? and(gte(a.startsAt, windows[0].from), lt(a.startsAt, windows[0].to))
      : or(...windows.map((w) => and(gte(a.startsAt, w.from), lt(a.startsAt, w.to)))),
  ];
  if (careType !== "kela65") parts.push(ne(a.specialtyId, KELA65_SPECIALTY));
  if (brand.bookingSpecialtyIds)
    parts.push(inArray(a.specialtyId, brand.bookingSpecialtyIds.length ? brand.bookingSpecialtyIds : [""]));
  if (f.specialtyIds.length) parts.push(inArray(a.specialtyId, f.specialtyIds));
  if (f.practitionerIds.length) parts.push(inArray(a.practitionerId, f.practitionerIds));
  const clinicIds = clinicOverride ?? f.clinicIds;
  if (clinicOverride) parts.push(inArray(a.clinicId, clinicOverride), sql`not ${isRemoteSql}`);
  else if (clinicIds.length)
    parts.push(f.includeRemote ? or(inArray(a.clinicId, clinicIds), isRemoteSql) : inArray(a.clinicId, clinicIds));
  if (!f.includeRemote && !clinicOverride)
    parts.push(notInArray(a.locationType, [...REMOTE_LOCATION_TYPES] as (typeof s.locationTypes)[number][]));
  return and(...parts)!;
}

function selectAppointments(db: Database, lang: Lang) {
  return db
    .select({
      id: s.appointments.id,
      startsAt: s.appointments.startsAt,
      durationMinutes: s.appointments.durationMinutes,
      practitionerId: s.appointments.practitionerId,
      practitionerName: s.practitioners.name,
      practitionerTitle: byLang(lang, s.practitioners.titleFi, s.practitioners.titleSv, s.practitioners.titleEn),
      isResource: s.practitioners.isResource,
      picture: s.practitioners.pictureUrl,
      clinicId: s.appointments.clinicId,
      clinicName: s.clinics.name,
      municipality: s.clinics.municipality,
      specialtyId: s.appointments.specialtyId,
      specialtyName: byLang(lang, s.specialties.nameFi, s.specialties.nameSv, s.specialties.nameEn),
      kind: s.appointments.kindCode,
      locationType: s.appointments.locationType,
      requiresAuthToReserve: s.appointments.requiresAuthToReserve,
    })
    .from(s.appointments)
    .innerJoin(s.practitioners, eq(s.practitioners.id, s.appointments.practitionerId))
    .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
    .innerJoin(s.specialties, eq(s.specialties.id, s.appointments.specialtyId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectAppointments>["execute"]>>[number];

function present(r: Row): FreeAppointment {
  return {
    id: r.id,
    startDate: r.startsAt.toISOString(),
    durationMinutes: r.durationMinutes,
    practitionerId: r.practitionerId,
    practitioner: {
      name: r.practitionerName,
      title: r.practitionerTitle,
      isResource: r.isResource,
      picture: r.picture,
    },
    clinicId: r.clinicId,
    clinic: { name: r.clinicName, municipality: r.municipality },
    specialtyId: r.specialtyId,
    specialty: { id: r.specialtyId, name: r.specialtyName },
    kind: r.kind,
    locationType: r.locationType,
    isRemote: REMOTE_LOCATION_TYPES.includes(r.locationType),
    requiresAuthToReserve: r.requiresAuthToReserve,
  };
}

/** The days a search covers: the start date (default today in Helsinki) and the window after it, or an explicit end date. */
export function searchRange(
  filters: SearchFilters,
  now: Date = clockNow(),
  endDate?: string | null,
): { startDate: string; days: number } {
  const today = helsinkiToday(now);
  const startDate = filters.startDate && filters.startDate > today ? filters.startDate : today;
  if (!endDate) return { startDate, days: SEARCH_WINDOW_DAYS };
  const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
  return { startDate, days: Math.max(0, Math.min(days, 2 * SEARCH_WINDOW_DAYS)) };
}

/**
 * Free appointments for a list, ordered by start: the results [0, offset + PAGE_SIZE), so a "show more" URL renders
 * the whole list so far. One SQL query (one row more than asked tells whether more follow).
 */
export async function searchFreeAppointments(
  db: Database,
  filters: SearchFilters,
  careType: CareType,
  options: Options & { endDate?: string | null; fromOffset?: boolean },
): Promise<SearchResult> {
  const { startDate, days } = searchRange(filters, options.now, options.endDate);
  if (days === 0) return { type: "success", appointments: [], hasMore: false, startDate };
  const windows = timeWindows(startDate, days, filters.time);
  // The API pages by offset; the page returns everything up to the end of the requested page.
  const skip = options.fromOffset ? filters.offset : 0;
  const take = options.fromOffset ? PAGE_SIZE : filters.offset + PAGE_SIZE;
  const rows = await selectAppointments(db, options.lang)
    .where(conditions(filters, careType, options.brand, options.now, windows))
    .orderBy(asc(s.appointments.startsAt), asc(s.appointments.id))
    .limit(take + 1)
    .offset(skip);
  return { type: "success", appointments: rows.slice(0, take).map(present), hasMore: rows.length > take, startDate };
}

/**
 * Dates (Helsinki, YYYY-MM-DD) with free appointments for the filters between `from` and `to` (inclusive), at most
 * `limit` of them, soonest first.
 */
export async function availableAppointmentDates(
  db: Database,
  filters: SearchFilters,
  careType: CareType,
  options: Options & { from: string; to: string; limit?: number },
): Promise<string[]> {
  const today = helsinkiToday(options.now ?? clockNow());
  const from = options.from > today ? options.from : today;
  const days = Math.round((Date.parse(options.to) - Date.parse(from)) / 86_400_000) + 1;
  if (days <= 0) return [];
  const windows = timeWindows(from, Math.min(days, 2 * SEARCH_WINDOW_DAYS), filters.time);
  const day = sql<string>`to_char(${s.appointments.startsAt} at time zone 'Europe/Helsinki', 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinct({ day })
    .from(s.appointments)
    .where(conditions(filters, careType, options.brand, options.now, windows))
    .orderBy(day)
    .limit(options.limit ?? 62);
  return rows.map((r) => r.day);
}

/** How many days with free appointments the search page lists beside its date field, and how far it looks. */
export const FREE_DAYS_SHOWN = 7;
const FREE_DAYS_LOOKAHEAD = 2 * SEARCH_WINDOW_DAYS;

/**
 * The next days with free appointments from the search's start date, for the links beside the date field (the
 * calendar of free days without JavaScript). A failure only leaves the links out: the list reports its own.
 */
export async function nextFreeDays(
  db: Database,
  filters: SearchFilters,
  careType: CareType,
  options: Options,
): Promise<string[]> {
  const { startDate } = searchRange(filters, options.now);
  return availableAppointmentDates(db, filters, careType, {
    ...options,
    from: startDate,
    to: addDays(startDate, FREE_DAYS_LOOKAHEAD - 1),
    limit: FREE_DAYS_SHOWN,
  }).catch(() => []);
}

export type NearbyClinic = { clinicId: string; name: string; municipality: string; firstFree: string };
export type Alternatives = { nextDates: string[]; nearbyClinics: NearbyClinic[] };

/**
 * What an empty list offers instead (§4): up to 5 days with free appointments in the 30 days after the window, and
 * — when clinics were chosen — each clinic of the neighbouring municipalities with its first free time.
 */
export async function searchAlternatives(
  db: Database,
  filters: SearchFilters,
  careType: CareType,
  options: Options,
): Promise<Alternatives> {
  const { startDate } = searchRange(filters, options.now);
  const nextFrom = addDays(startDate, SEARCH_WINDOW_DAYS);
  const nextDates = await availableAppointmentDates(db, filters, careType, {
    ...options,
    from: nextFrom,
    to: addDays(nextFrom, SEARCH_WINDOW_DAYS - 1),
    limit: MAX_ALTERNATIVE_DAYS,
  });
  let nearbyClinics: NearbyClinic[] = [];
  if (filters.clinicIds.length) {
    const clinics = await db.select({ id: s.clinics.id, municipality: s.clinics.municipality }).from(s.clinics);
    const nearby = nearbyClinicIds(filters.clinicIds, clinics);
    if (nearby.length) {
      const windows = timeWindows(startDate, SEARCH_WINDOW_DAYS, filters.time);
      const rows = await db
        .selectDistinctOn([s.appointments.clinicId], {
          clinicId: s.appointments.clinicId,
          name: s.clinics.name,
          municipality: s.clinics.municipality,
          startsAt: s.appointments.startsAt,
        })
        .from(s.appointments)
        .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
        .where(conditions(filters, careType, options.brand, options.now, windows, nearby))
        .orderBy(s.appointments.clinicId, asc(s.appointments.startsAt));
      nearbyClinics = rows
        .map((r) => ({
          clinicId: r.clinicId,
          name: r.name,
          municipality: r.municipality,
          firstFree: r.startsAt.toISOString(),
        }))
        .sort((x, y) => x.firstFree.localeCompare(y.firstFree));
    }
  }
  return { nextDates, nearbyClinics };
}

const LIST_TTL_MS = 5_000;
const listCache = new WeakMap<Database, Map<string, { until: number; generation: number; list: SearchListState }>>();

/**
 * The search page's list, shared for five seconds between requests with the same filters: the list does not
 * depend on who asks, and the busiest view (a customer type's list without filters) is asked for by everyone at
 * once. A reservation or cancellation in this process clears it; another process may show a just-taken slot for
 * those seconds, which reserving then refuses with "not available" as it would for any race.
 */
export async function cachedSearchList(
  db: Database,
  filters: SearchFilters,
  careType: CareType,
  options: Options,
  signal?: AbortSignal,
): Promise<SearchListState> {
  let cache = listCache.get(db);
  if (!cache) listCache.set(db, (cache = new Map()));
  const key = JSON.stringify([filters, careType, options.lang, options.brand.bookingSpecialtyIds ?? null]);
  const t = performance.now();
  const hit = cache.get(key);
  if (hit && hit.until > t && hit.generation === freeTimesGeneration()) return hit.list;
  const generation = freeTimesGeneration();
  const list = await loadSearchList(db, filters, careType, options, signal);
  if (list.state === "ok") {
    if (cache.size >= 500) cache.clear();
    cache.set(key, { until: t + LIST_TTL_MS, generation, list });
  }
  return list;
}

/** The list, its alternatives and the days of the calendar's links: cached together (`cachedSearchList`). */
export type SearchListState =
  { state: "ok"; result: SearchResult; alternatives: Alternatives | null; freeDays: string[] } | { state: "error" };

/**
 * The list a search page shows: the results, and the alternatives when there are none. Any failure becomes the
 * error panel (§8); a navigation the browser abandoned is not a failure and is passed on untouched.
 */
export async function loadSearchList(
  db: Database,
  filters: SearchFilters,
  careType: CareType,
  options: Options,
  signal?: AbortSignal,
): Promise<SearchListState> {
  try {
    const [result, freeDays] = await Promise.all([
      searchFreeAppointments(db, filters, careType, options),
      nextFreeDays(db, filters, careType, options),
    ]);
    const alternatives = result.appointments.length ? null : await searchAlternatives(db, filters, careType, options);
    return { state: "ok", result, alternatives, freeDays };
  } catch (error) {
    if (signal?.aborted) throw error;
    reportError(error, { area: "booking-search" });
    return { state: "error" };
  }
}
