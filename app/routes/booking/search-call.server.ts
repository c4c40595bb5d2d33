import { eq, inArray } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { validationError } from "~/.server/api";
import { requestInfo, sessionState } from "~/.server/context";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { isLang, type Lang } from "~/lib/lang";
import type { CareType } from "~/features/booking/care-type";
import {
  isIsoDate,
  nearbyClinicIds,
  occupationalAccess,
  parseFilters,
  type SearchFilters,
} from "~/features/booking/search";
import { careTypeOfFlags } from "~/features/booking/care-type";
import { hasFeature, type FreeAppointment } from "~/features/booking/search.server";

type Invalid = { response: ReturnType<typeof data> };
const invalid = (paths: string[]): Invalid => ({
  response: validationError(paths.map((path) => ({ path, message: `Invalid ${path}` }))),
});

/** The `lang` parameter of an API call (default Finnish); null when it is not a portal language. */
export function apiLang(request: Request): Lang | null {
  const lang = new URL(request.url).searchParams.get("lang");
  if (lang === null || lang === "") return "fi";
  return isLang(lang) ? lang : null;
}

/** The `id` parameter of an API call, or the 400 answer. */
export function apiId(request: Request): string | ReturnType<typeof data> {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return validationError([{ path: "id", message: "Invalid id" }]);
  return id;
}

/**
 * The common opening of the search calls: filters, end date, language and the care-type flags, validated (any bad
 * value answers 400, never 500). Occupational searches need a logged-in person whose contract allows web reservation;
 * 65+ and occupational need their features.
 */
export function apiSearchRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  timeKey: "time" | "timeOfDay" = "time",
): { filters: SearchFilters; careType: CareType; lang: Lang; endDate: string | null } | Invalid {
  const params = new URL(request.url).searchParams;
  if (timeKey === "timeOfDay" && params.has("timeOfDay")) params.set("time", params.get("timeOfDay")!);
  const { filters, invalid: bad } = parseFilters(params);
  const endDate = params.get("endDate") || null;
  if (endDate && (!isIsoDate(endDate) || (filters.startDate && endDate < filters.startDate))) bad.push("endDate");
  const lang = apiLang(request);
  if (!lang) bad.push("lang");
  const careType = careTypeOfFlags(params);
  if (careType === "invalid") bad.push("flags");
  if (bad.length || !lang || careType === "invalid") return invalid(bad);

  const { brand, environment } = requestInfo(context);
  if (careType === "kela65" && !hasFeature(brand, environment, "kela65"))
    return { response: data({ type: "NotFound" }, { status: 404 }) };
  if (careType === "occupational") {
    if (brand.hiddenPages.includes("occupationalBooking") || !hasFeature(brand, environment, "ohc-appointment-search"))
      return { response: data({ type: "NotFound" }, { status: 404 }) };
    const session = sessionState(context);
    const person = session.status === "valid" ? session.actingPerson : null;
    if (!person) return { response: data({ type: "Unauthorized" }, { status: 401 }) };
    const access = occupationalAccess(person);
    if (access.type !== "ok")
      return {
        response: data(
          { type: access.type === "noContract" ? "noOccupationalContract" : "webReservationNotAllowed" },
          { status: 403 },
        ),
      };
  }
  return { filters, careType, lang, endDate };
}

/** Spec part 2 §7: the call's clinicIds are expanded with the clinics of the chosen clinics' neighbouring municipalities. */
export async function withNeighbourClinics(db: Database, filters: SearchFilters): Promise<SearchFilters> {
  if (!filters.clinicIds.length) return filters;
  const clinics = await db.select({ id: s.clinics.id, municipality: s.clinics.municipality }).from(s.clinics);
  return { ...filters, clinicIds: [...filters.clinicIds, ...nearbyClinicIds(filters.clinicIds, clinics)] };
}

/** An item of GET /api/appointments in the spec's Appointment shape (part 1 §3, part 2 §3). */
export type ApiAppointment = {
  id: number;
  startDate: string;
  durationMinutes: number;
  /** Every free time of the portal is a fixed start time (no "come during this window" slots). */
  isSpecificTime: boolean;
  /** The catalogue has no covid-test appointments; the field is kept for the wire contract. */
  isCovidTestAppointment: boolean;
  practitionerId: string;
  practitioner: {
    id: string;
    name: string;
    title: string;
    isResource: boolean;
    cmsContent: { profilePicture: { url: string | null } };
    appointmentReservationInfo: string | null;
  };
  clinicId: string;
  clinic: { id: string; name: string; municipality: string; cmsContent: { name: string } };
  specialtyId: string;
  specialty: { id: string; name: string; cmsContent: { title: string } };
  specialtyData: { specialties: { id: string; name: string; cmsContent: { title: string } }[] };
  kindId: string | null;
  kind: { cmsContent: { appointmentReservationInfo: string | null } };
  locationType: FreeAppointment["locationType"];
  isRemote: boolean;
  requiresAuthToReserve: boolean;
};

const byLang = <A, B, C>(lang: Lang, fi: A, sv: B, en: C): A | B | C => (lang === "sv" ? sv : lang === "en" ? en : fi);

/** The search list's items with the content the call carries (reservation notes of practitioner and kind). */
export async function apiAppointments(db: Database, list: FreeAppointment[], lang: Lang): Promise<ApiAppointment[]> {
  if (!list.length) return [];
  const notes = await db
    .select({
      id: s.appointments.id,
      practitionerInfo: byLang(
        lang,
        s.practitioners.reservationInfoFi,
        s.practitioners.reservationInfoSv,
        s.practitioners.reservationInfoEn,
      ),
      kindInfo: byLang(
        lang,
        s.appointmentKinds.reservationInfoFi,
        s.appointmentKinds.reservationInfoSv,
        s.appointmentKinds.reservationInfoEn,
      ),
    })
    .from(s.appointments)
    .innerJoin(s.practitioners, eq(s.practitioners.id, s.appointments.practitionerId))
    .leftJoin(s.appointmentKinds, eq(s.appointmentKinds.code, s.appointments.kindCode))
    .where(
      inArray(
        s.appointments.id,
        list.map((a) => a.id),
      ),
    );
  const byId = new Map(notes.map((n) => [n.id, n]));
  return list.map((a) => {
    const note = byId.get(a.id);
    const specialty = { id: a.specialty.id, name: a.specialty.name, cmsContent: { title: a.specialty.name } };
    return {
      id: a.id,
      startDate: a.startDate,
      durationMinutes: a.durationMinutes,
      isSpecificTime: true,
      isCovidTestAppointment: false,
      practitionerId: a.practitionerId,
      practitioner: {
        id: a.practitionerId,
        name: a.practitioner.name,
        title: a.practitioner.title,
        isResource: a.practitioner.isResource,
        cmsContent: { profilePicture: { url: a.practitioner.picture } },
        appointmentReservationInfo: note?.practitionerInfo ?? null,
      },
      clinicId: a.clinicId,
      clinic: {
        id: a.clinicId,
        name: a.clinic.name,
        municipality: a.clinic.municipality,
        cmsContent: { name: a.clinic.name },
      },
      specialtyId: a.specialtyId,
      specialty,
      specialtyData: { specialties: [specialty] },
      kindId: a.kind,
      kind: { cmsContent: { appointmentReservationInfo: note?.kindInfo ?? null } },
      locationType: a.locationType,
      isRemote: a.isRemote,
      requiresAuthToReserve: a.requiresAuthToReserve,
    };
  });
}
