import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { REMOTE_TYPES } from "~/features/appointments/rules";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import type { CareType } from "./care-type";
import { priceEstimate, type PriceFee } from "./price";
import { bindingRequired } from "./reservation-rules";

const pick = <T>(lang: Lang, fi: T, sv: T, en: T) => (lang === "sv" ? sv : lang === "en" ? en : fi);

/** One free appointment with everything the reservation view needs. No personal data: anyone may read it. */
export type FreeAppointment = {
  id: number;
  startsAt: string;
  durationMinutes: number;
  locationType: (typeof s.locationTypes)[number];
  isRemote: boolean;
  requiresAuthToReserve: boolean;
  careTypes: CareType[];
  /** An active reservation holds it. */
  reserved: boolean;
  /** It has already started. */
  past: boolean;
  clinic: {
    id: string;
    name: string;
    streetAddress: string | null;
    postalCode: string | null;
    postOffice: string | null;
    isRemote: boolean;
  };
  practitioner: {
    id: string;
    name: string;
    title: string;
    pictureUrl: string | null;
    reservationInfo: string | null;
    rateCents: number | null;
    additionalFees: PriceFee[];
  };
  specialty: { id: string; name: string; description: string | null };
  kind: { code: string; name: string; reservationInfo: string | null } | null;
};

export async function getFreeAppointment(
  db: Database,
  id: number,
  lang: Lang,
  now: Date,
): Promise<FreeAppointment | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({
      a: s.appointments,
      clinic: s.clinics,
      practitioner: s.practitioners,
      specialty: s.specialties,
      kind: s.appointmentKinds,
      reserved: sql<boolean>`exists (select 1 from ${s.reservations} r where r.appointment_id = ${s.appointments.id} and r.status = 'active')`,
    })
    .from(s.appointments)
    .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
    .innerJoin(s.practitioners, eq(s.practitioners.id, s.appointments.practitionerId))
    .innerJoin(s.specialties, eq(s.specialties.id, s.appointments.specialtyId))
    .leftJoin(s.appointmentKinds, and(eq(s.appointmentKinds.code, s.appointments.kindCode)))
    .where(eq(s.appointments.id, id))
    .limit(1);
  if (!row) return null;
  const { a, clinic, practitioner: p, specialty, kind } = row;
  return {
    id: a.id,
    startsAt: a.startsAt.toISOString(),
    durationMinutes: a.durationMinutes,
    locationType: a.locationType,
    isRemote: REMOTE_TYPES.has(a.locationType) || clinic.isRemote,
    requiresAuthToReserve: a.requiresAuthToReserve,
    careTypes: a.careTypes,
    reserved: row.reserved === true || String(row.reserved) === "true",
    past: a.startsAt.getTime() <= now.getTime(),
    clinic: {
      id: clinic.id,
      name: clinic.name,
      streetAddress: clinic.streetAddress,
      postalCode: clinic.postalCode,
      postOffice: clinic.postOffice,
      isRemote: clinic.isRemote,
    },
    practitioner: {
      id: p.id,
      name: p.name,
      title: pick(lang, p.titleFi, p.titleSv, p.titleEn),
      pictureUrl: p.pictureUrl,
      reservationInfo: pick(lang, p.reservationInfoFi, p.reservationInfoSv, p.reservationInfoEn),
      rateCents: p.rateCents,
      additionalFees: p.additionalFees.map((f) => ({
        code: f.code,
        name: pick(lang, f.nameFi, f.nameSv, f.nameEn),
        cents: f.cents,
      })),
    },
    specialty: {
      id: specialty.id,
      name: pick(lang, specialty.nameFi, specialty.nameSv, specialty.nameEn),
      description: pick(lang, specialty.descriptionFi, specialty.descriptionSv, specialty.descriptionEn),
    },
    kind: kind
      ? {
          code: kind.code,
          name: pick(lang, kind.nameFi, kind.nameSv, kind.nameEn),
          reservationInfo: pick(lang, kind.reservationInfoFi, kind.reservationInfoSv, kind.reservationInfoEn),
        }
      : null,
  };
}

/** Route params carry the id as text; anything but a canonical id (`~/lib/id`) is not found. */
export function parseAppointmentId(raw: string | undefined | null): number | null {
  return parseId(raw);
}

/** The reservation view of a free appointment for one customer type, or null when that type does not offer it. */
export async function loadReservationView(
  db: Database,
  input: {
    id: number | null;
    careType: CareType;
    lang: Lang;
    now: Date;
    noticeHours: number;
    showPriceDetails: boolean;
  },
) {
  if (input.id === null) return null;
  const appointment = await getFreeAppointment(db, input.id, input.lang, input.now);
  if (!appointment || !appointment.careTypes.includes(input.careType)) return null;
  const price = priceEstimate({
    careType: input.careType,
    reserved: appointment.reserved,
    kindCode: appointment.kind?.code ?? null,
    rateCents: appointment.practitioner.rateCents,
    additionalFees: appointment.practitioner.additionalFees,
    showDetails: input.showPriceDetails,
  });
  return {
    appointment,
    price,
    bindingRequired: bindingRequired(new Date(appointment.startsAt), input.now, input.noticeHours),
    noticeHours: input.noticeHours,
  };
}
