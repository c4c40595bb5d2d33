/**
 * Rules of the free-appointment search (spec part 2 §2, §4, §7, §9), shared by the server and the browser:
 * the filters and their URL form, time-of-day windows, municipality neighbours and the filter-change rules.
 */
import { helsinkiDateParts, helsinkiToday } from "~/lib/format";
import { addDays } from "./calendar";
import type { CareType } from "./care-type";

/** §9: a page of results; a full page means more may follow, and "show more" adds this to the offset. */
export const PAGE_SIZE = 20;
/** §9: at most this many alternative days are offered on an empty result. */
export const MAX_ALTERNATIVE_DAYS = 5;
/** The list covers the start date and this many days on; "next month" alternatives look at the following as many. */
export const SEARCH_WINDOW_DAYS = 30;
/** Highest offset accepted from a URL (keeps a shared link from asking for an unbounded list). */
export const MAX_OFFSET = 500;
/** The single 65+ specialty; the kela65 list is fixed to it and the other lists hide it. */
export const KELA65_SPECIALTY = "Y65V";
/**
 * Specialties whose appointments are mostly held remotely: choosing one turns "include remote" on (§4).
 * The spec does not list them; the psychologist is the remote specialty of this portal.
 */
export const REMOTE_SPECIALTIES: readonly string[] = ["PSY"];
/** Location types with no visit to a clinic. */
export const REMOTE_LOCATION_TYPES: readonly string[] = ["remoteAppointment", "phoneAppointment", "videoAppointment"];

export const TIMES_OF_DAY = ["all", "morning", "afternoon", "evening"] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
/** §9: Helsinki wall-clock hours [from, to) of each tab. */
export const TIME_OF_DAY_HOURS: Record<Exclude<TimeOfDay, "all">, [number, number]> = {
  morning: [7, 12],
  afternoon: [12, 16],
  evening: [16, 21],
};

/** §9, exactly: each municipality's neighbours. */
export const MUNICIPALITY_NEIGHBOURS: Readonly<Record<string, readonly string[]>> = {
  espoo: ["helsinki", "vantaa"],
  helsinki: ["espoo", "vantaa"],
  hyvinkää: ["järvenpää", "tuusula"],
  järvenpää: ["kerava", "tuusula"],
  kerava: ["järvenpää", "tuusula"],
  tuusula: ["järvenpää", "kerava"],
  vantaa: ["espoo", "helsinki", "kerava"],
};

export type SearchFilters = {
  specialtyIds: string[];
  practitionerIds: string[];
  clinicIds: string[];
  includeRemote: boolean;
  /** YYYY-MM-DD; null means today in Helsinki. */
  startDate: string | null;
  time: TimeOfDay;
  offset: number;
};

export const EMPTY_FILTERS: SearchFilters = {
  specialtyIds: [],
  practitionerIds: [],
  clinicIds: [],
  includeRemote: false,
  startDate: null,
  time: "all",
  offset: 0,
};

const ID = /^[A-Za-z0-9_-]{1,40}$/;
const MAX_IDS = 50;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD form. */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A list parameter: repeated keys, and (for callers of the API) comma-separated values, de-duplicated. */
function idList(params: URLSearchParams, key: string, invalid: string[]): string[] {
  const values = params
    .getAll(key)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  const ok = [...new Set(values.filter((v) => ID.test(v)))];
  if (ok.length !== values.length && values.some((v) => !ID.test(v))) invalid.push(key);
  if (ok.length > MAX_IDS) {
    invalid.push(key);
    return ok.slice(0, MAX_IDS);
  }
  return ok;
}

export type ParsedFilters = {
  filters: SearchFilters;
  /** Keys whose values were malformed (dropped from `filters`). */ invalid: string[];
};

/** Filters from a URL. Malformed values fall back to their defaults and are named in `invalid` (an API answers 400). */
export function parseFilters(params: URLSearchParams): ParsedFilters {
  const invalid: string[] = [];
  const filters: SearchFilters = {
    specialtyIds: idList(params, "specialtyIds", invalid),
    practitionerIds: idList(params, "practitionerIds", invalid),
    clinicIds: idList(params, "clinicIds", invalid),
    includeRemote: false,
    startDate: null,
    time: "all",
    offset: 0,
  };
  const remote = params.get("includeRemote");
  if (remote === "true") filters.includeRemote = true;
  else if (remote !== null && remote !== "false" && remote !== "") invalid.push("includeRemote");
  const startDate = params.get("startDate");
  if (startDate) {
    if (isIsoDate(startDate)) filters.startDate = startDate;
    else invalid.push("startDate");
  }
  const time = params.get("time");
  if (time) {
    if ((TIMES_OF_DAY as readonly string[]).includes(time)) filters.time = time as TimeOfDay;
    else invalid.push("time");
  }
  const offset = params.get("offset");
  if (offset) {
    const n = Number(offset);
    if (/^\d+$/.test(offset) && n <= MAX_OFFSET) filters.offset = n;
    else invalid.push("offset");
  }
  return { filters, invalid };
}

/** The URL form of filters: list keys repeated per value, defaults left out except `time`, which is always kept (§2). */
export function serializeFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of filters.specialtyIds) params.append("specialtyIds", id);
  for (const id of filters.practitionerIds) params.append("practitionerIds", id);
  for (const id of filters.clinicIds) params.append("clinicIds", id);
  if (filters.includeRemote) params.set("includeRemote", "true");
  if (filters.startDate) params.set("startDate", filters.startDate);
  params.set("time", filters.time);
  if (filters.offset > 0) params.set("offset", String(filters.offset));
  return params;
}

/** `date` plus `days` calendar days (one of the calendar's rules). */
export { addDays };

/** The instant of a Helsinki wall-clock time on a calendar date (DST-correct; 24 means the next midnight). */
export function helsinkiInstant(date: string, hour: number): Date {
  const [y, m, d] = date.split("-").map(Number);
  const wanted = Date.UTC(y, m - 1, d, hour);
  // Start from the winter offset and correct by the difference the wall clock shows (at most two steps).
  let t = wanted - 2 * 3600_000;
  for (let i = 0; i < 2; i++) {
    const p = helsinkiDateParts(new Date(t));
    t += wanted - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  }
  return new Date(t);
}

export type Window = { from: Date; to: Date };

/**
 * The instants searched for `days` calendar days from `startDate`: one range for "all", otherwise one range per
 * day for the tab's Helsinki hours.
 */
export function timeWindows(startDate: string, days: number, time: TimeOfDay): Window[] {
  if (time === "all")
    return [{ from: helsinkiInstant(startDate, 0), to: helsinkiInstant(addDays(startDate, days), 0) }];
  const [fromHour, toHour] = TIME_OF_DAY_HOURS[time];
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(startDate, i);
    return { from: helsinkiInstant(day, fromHour), to: helsinkiInstant(day, toHour) };
  });
}

/** The tab an instant falls in (null outside every tab). */
export function timeOfDayOf(instant: Date): Exclude<TimeOfDay, "all"> | null {
  const hour = helsinkiDateParts(instant).hour;
  for (const [name, [from, to]] of Object.entries(TIME_OF_DAY_HOURS))
    if (hour >= from && hour < to) return name as Exclude<TimeOfDay, "all">;
  return null;
}

/** The neighbouring municipalities of the given ones (§9), without the given ones themselves. */
export function neighbourMunicipalities(municipalities: string[]): string[] {
  const own = new Set(municipalities.map((m) => m.toLowerCase()));
  const out = new Set<string>();
  for (const m of own) for (const n of MUNICIPALITY_NEIGHBOURS[m] ?? []) if (!own.has(n)) out.add(n);
  return [...out];
}

/** The clinics of the municipalities neighbouring the chosen clinics' own (the "nearby clinics" alternative). */
export function nearbyClinicIds(chosen: string[], clinics: { id: string; municipality: string }[]): string[] {
  const chosenSet = new Set(chosen);
  const municipalities = clinics.filter((c) => chosenSet.has(c.id)).map((c) => c.municipality);
  const neighbours = new Set(neighbourMunicipalities(municipalities));
  return clinics.filter((c) => !chosenSet.has(c.id) && neighbours.has(c.municipality.toLowerCase())).map((c) => c.id);
}

/** §4: changing the specialty clears the practitioner; a remote specialty turns "include remote" on. Resets paging. */
export function changeSpecialty(filters: SearchFilters, specialtyId: string | null): SearchFilters {
  const specialtyIds = specialtyId ? [specialtyId] : [];
  const remote = specialtyIds.some((id) => REMOTE_SPECIALTIES.includes(id));
  return { ...filters, specialtyIds, practitionerIds: [], includeRemote: filters.includeRemote || remote, offset: 0 };
}

/**
 * §4: choosing a practitioner clears the specialty (on the kela65 list it sets the single 65+ specialty) and turns
 * "include remote" on. Clearing the practitioner changes nothing else. Resets paging.
 */
export function changePractitioner(
  filters: SearchFilters,
  practitionerId: string | null,
  careType: CareType,
): SearchFilters {
  if (!practitionerId) return { ...filters, practitionerIds: [], offset: 0 };
  return {
    ...filters,
    practitionerIds: [practitionerId],
    specialtyIds: careType === "kela65" ? [KELA65_SPECIALTY] : [],
    includeRemote: true,
    offset: 0,
  };
}

/**
 * The filters a list really searches: on kela65 the specialty is fixed to Y65V; elsewhere Y65V is never searched.
 */
export function effectiveFilters(filters: SearchFilters, careType: CareType): SearchFilters {
  if (careType === "kela65") return { ...filters, specialtyIds: [KELA65_SPECIALTY] };
  return { ...filters, specialtyIds: filters.specialtyIds.filter((id) => id !== KELA65_SPECIALTY) };
}

/**
 * A no-JavaScript form submits every field at once; the form also carries the specialty and practitioner it was
 * rendered with (`prevSpecialty`, `prevPractitioner`), so the server can tell which one the user changed and apply
 * the §4 rules. Returns null when the request has no such markers.
 */
export function applyFormChange(params: URLSearchParams, careType: CareType): SearchFilters | null {
  if (!params.has("prevSpecialty") && !params.has("prevPractitioner")) return null;
  const { filters } = parseFilters(params);
  const prevSpecialty = params.get("prevSpecialty") ?? "";
  const prevPractitioner = params.get("prevPractitioner") ?? "";
  const specialty = filters.specialtyIds[0] ?? "";
  const practitioner = filters.practitionerIds[0] ?? "";
  let next: SearchFilters = { ...filters, offset: 0 };
  if (practitioner !== prevPractitioner && practitioner) next = changePractitioner(next, practitioner, careType);
  else if (specialty !== prevSpecialty) next = changeSpecialty(next, specialty || null);
  return next;
}

/** Results grouped by their Helsinki calendar day, in start order. */
export function groupByDay<T extends { startDate: string }>(appointments: T[]): { day: string; appointments: T[] }[] {
  const groups: { day: string; appointments: T[] }[] = [];
  for (const a of appointments) {
    const day = helsinkiToday(new Date(a.startDate));
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.appointments.push(a);
    else groups.push({ day, appointments: [a] });
  }
  return groups;
}

/** A `from` value (the list to go back to) is only ever a local path: never another origin. */
export function safeListPath(from: string | null | undefined): string | null {
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return null;
  return from;
}

/**
 * What the logged-in occupational list shows for the acting person's contract (spec part 2 §2, §8). A contract
 * without web reservation but with a phone service shows the phone-service promo (its number and description)
 * instead of the list; without a phone service, the error with the customer-service phone.
 */
export type OccupationalAccess =
  | { type: "ok" }
  | { type: "noContract" }
  | { type: "phoneService"; phone: string; description: string | null }
  | { type: "noWebReservation" };

export function occupationalAccess(person: {
  hasOccupationalCare: boolean;
  occupationalWebReservation: boolean;
  occupationalPhoneService: string | null;
  occupationalPhoneServiceDescription?: string | null;
}): OccupationalAccess {
  if (!person.hasOccupationalCare) return { type: "noContract" };
  if (!person.occupationalWebReservation)
    return person.occupationalPhoneService
      ? {
          type: "phoneService",
          phone: person.occupationalPhoneService,
          description: person.occupationalPhoneServiceDescription?.trim() || null,
        }
      : { type: "noWebReservation" };
  return { type: "ok" };
}
