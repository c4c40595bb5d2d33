import { freeTimesChanged } from "~/.server/free-times";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { logAccess } from "~/.server/access-log";
import { db, type Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { UserSession } from "~/.server/guards";
import { formatDate, formatDateTime } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { avatarOf } from "~/ui/practitioner-avatar";
import type { BrandId } from "#brands/index";
import { withoutPrefix, withPrefix } from "./arrival-reason";
import { doorToken } from "./door.server";
import {
  REMOTE_TYPES,
  cancelDecision,
  checkInDecision,
  clinicAddress,
  mapsSearchUrl,
  selfCheckInStatus,
  type AppointmentFacts,
  type CheckInOutcome,
  type ReservationStatus,
} from "./rules";

const specialtyName = (lang: Lang) =>
  lang === "sv" ? s.specialties.nameSv : lang === "en" ? s.specialties.nameEn : s.specialties.nameFi;
const practitionerTitle = (lang: Lang) =>
  lang === "sv" ? s.practitioners.titleSv : lang === "en" ? s.practitioners.titleEn : s.practitioners.titleFi;

/** The appointments a person holds (or held), newest reservation per appointment, joined with their details. */
function appointmentQuery(personId: string, lang: Lang) {
  return db()
    .selectDistinctOn([s.appointments.id], {
      id: s.appointments.id,
      startsAt: s.appointments.startsAt,
      durationMinutes: s.appointments.durationMinutes,
      locationType: s.appointments.locationType,
      reservationId: s.reservations.id,
      status: s.reservations.status,
      checkedInAt: s.reservations.checkedInAt,
      room: s.reservations.room,
      arrivalReason: s.reservations.arrivalReason,
      clinic: {
        name: s.clinics.name,
        streetAddress: s.clinics.streetAddress,
        postalCode: s.clinics.postalCode,
        postOffice: s.clinics.postOffice,
        arrivalInfo: s.clinics.arrivalInfo,
      },
      practitioner: {
        id: s.practitioners.id,
        name: s.practitioners.name,
        title: practitionerTitle(lang),
        pictureUrl: s.practitioners.pictureUrl,
      },
      kindName:
        lang === "sv"
          ? s.appointmentKinds.nameSv
          : lang === "en"
            ? s.appointmentKinds.nameEn
            : s.appointmentKinds.nameFi,
      specialtyName: specialtyName(lang),
    })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
    .innerJoin(s.practitioners, eq(s.practitioners.id, s.appointments.practitionerId))
    .innerJoin(s.specialties, eq(s.specialties.id, s.appointments.specialtyId))
    .leftJoin(s.appointmentKinds, eq(s.appointmentKinds.code, s.appointments.kindCode))
    .where(eq(s.reservations.personId, personId))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof appointmentQuery>["execute"]>>[number];

function present(row: Row, lang: Lang, now: Date, limitHours: number) {
  const facts: AppointmentFacts = {
    startsAt: row.startsAt,
    durationMinutes: row.durationMinutes,
    status: row.status as ReservationStatus,
    checkedInAt: row.checkedInAt,
    isRemote: REMOTE_TYPES.has(row.locationType),
  };
  const cancel = cancelDecision(facts, now, limitHours);
  const address = clinicAddress(row.clinic);
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    /** The start as the pages show it ("21.11.2026 klo 14.05"), formatted here so that the browser needs no formatter. */
    startsAtText: formatDateTime(row.startsAt, lang),
    /** The start's day as the pages show it ("21.11.2026"). */
    startsOnText: formatDate(row.startsAt, lang),
    durationMinutes: row.durationMinutes,
    locationType: row.locationType,
    isRemote: facts.isRemote,
    status: facts.status,
    hasAppointeeCanceled: facts.status === "providerCancelled",
    checkedIn: !!row.checkedInAt,
    room: row.room,
    arrivalReason: withoutPrefix(row.arrivalReason),
    // Spec: only for non-remote appointments (and, by the route, valid sessions); not once it has ended.
    mayGiveArrivalReason:
      facts.status === "active" &&
      !facts.isRemote &&
      row.startsAt.getTime() + row.durationMinutes * 60_000 > now.getTime(),
    clinic: row.clinic,
    /** The clinic's address as one line ("Katu 1, 00100 Helsinki") and its maps search link, for the details. */
    address,
    mapHref: mapsSearchUrl(row.clinic.name, address),
    practitioner: row.practitioner,
    kindName: row.kindName,
    specialtyName: row.specialtyName,
    selfCheckInStatus: selfCheckInStatus(facts, now),
    mayCancel: cancel.mayCancel,
    cancelBlockedBy: cancel.mayCancel ? null : cancel.reason,
    /** The appointment's calendar file (.ics), linked from its details. */
    calendarHref: href("appointmentCalendar", lang, { id: row.id }),
    /** The anonymous page of the reservation SMS's link, for checking in at the clinic door. */
    doorHref:
      facts.status === "active" && !facts.isRemote
        ? href("doorAppointment", lang, { token: doorToken(row.id, row.reservationId) })
        : null,
    /** The page that cancels it, when it may be cancelled online. */
    cancelHref: cancel.mayCancel ? href("cancelAppointment", lang, { id: row.id }) : null,
  };
}

export type AppointmentView = ReturnType<typeof present>;

/** An appointment as its details show it (appointment-details.tsx): with its practitioner's avatar worked out. */
export function withAvatar(a: AppointmentView, brandId: BrandId) {
  return { ...a, avatar: avatarOf(a.practitioner, brandId) };
}

export type AppointmentDetailsView = ReturnType<typeof withAvatar>;

/**
 * Future (and ongoing) appointments of the session's acting person, soonest first: the active ones and those the
 * clinic cancelled (shown with the clinic's warning, spec part 1 §4); not the ones the customer cancelled.
 */
export async function listUpcomingAppointments(
  session: UserSession,
  lang: Lang,
  now: Date,
  limitHours: number,
): Promise<AppointmentView[]> {
  const personId = session.actingPerson.id;
  const rows = await appointmentQuery(personId, lang)
    .where(
      and(
        eq(s.reservations.personId, personId),
        inArray(s.reservations.status, ["active", "providerCancelled"]),
        gt(sql`${s.appointments.startsAt} + make_interval(mins => ${s.appointments.durationMinutes})`, now),
      ),
    )
    .orderBy(asc(s.appointments.id), desc(s.reservations.reservedAt));
  await logAccess({ actorId: session.user.id, subjectId: personId, resource: "appointments" });
  return rows.map((r) => present(r, lang, now, limitHours)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** The acting person's appointments among `ids`; ids of other people's appointments are simply not found. */
export async function getAppointments(
  session: UserSession,
  ids: number[],
  lang: Lang,
  now: Date,
  limitHours: number,
): Promise<AppointmentView[]> {
  const personId = session.actingPerson.id;
  const rows = await appointmentQuery(personId, lang)
    .where(and(eq(s.reservations.personId, personId), inArray(s.appointments.id, ids)))
    .orderBy(asc(s.appointments.id), desc(s.reservations.reservedAt));
  if (rows.length)
    await logAccess({
      actorId: session.user.id,
      subjectId: personId,
      resource: "appointment",
      resourceId: rows.map((r) => r.id).join(","),
    });
  return rows.map((r) => present(r, lang, now, limitHours)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

export type CancelResult =
  | { type: "success" }
  | { type: "alreadyCancelled" }
  | { type: "notFound" }
  | { type: "tooLate" }
  | { type: "notCancellable" };

/** The person's newest reservation of an appointment, locked until the transaction ends (cancel and check-in). */
async function lockedReservation(tx: Transaction, personId: string, appointmentId: number) {
  const [row] = await tx
    .select({
      reservationId: s.reservations.id,
      status: s.reservations.status,
      checkedInAt: s.reservations.checkedInAt,
      startsAt: s.appointments.startsAt,
      durationMinutes: s.appointments.durationMinutes,
      locationType: s.appointments.locationType,
    })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(and(eq(s.reservations.personId, personId), eq(s.reservations.appointmentId, appointmentId)))
    .orderBy(desc(s.reservations.reservedAt))
    .limit(1)
    .for("update", { of: s.reservations });
  return row ?? null;
}

/**
 * Cancels the acting person's reservation of an appointment. One transaction with the row locked, so two
 * submits cannot both act; a second submit after success answers `alreadyCancelled`.
 */
export async function cancelAppointment(
  session: UserSession,
  appointmentId: number,
  now: Date,
  limitHours: number,
): Promise<CancelResult> {
  const personId = session.actingPerson.id;
  const result = await db().transaction(async (tx) => {
    const row = await lockedReservation(tx, personId, appointmentId);
    if (!row) return { type: "notFound" } as const;
    if (row.status === "cancelled") return { type: "alreadyCancelled" } as const;
    const decision = cancelDecision(
      { ...row, status: row.status as ReservationStatus, isRemote: REMOTE_TYPES.has(row.locationType) },
      now,
      limitHours,
    );
    if (!decision.mayCancel)
      return decision.reason === "tooLate" ? ({ type: "tooLate" } as const) : ({ type: "notCancellable" } as const);
    await tx
      .update(s.reservations)
      .set({ status: "cancelled", cancelledAt: now })
      .where(eq(s.reservations.id, row.reservationId));
    return { type: "success" } as const;
  });
  if (result.type === "success") freeTimesChanged();
  if (result.type === "success")
    await logAccess({
      actorId: session.user.id,
      subjectId: personId,
      resource: "appointment",
      resourceId: String(appointmentId),
      action: "write",
    });
  return result;
}

/** The spec's result types of `POST /api/appointments/check-in/{id}`. */
export type CheckInResult = CheckInOutcome | "NotFound";

/**
 * Self check-in of the acting person's appointment, in one transaction with the reservation locked: a second
 * submit answers AlreadyCheckedIn and changes nothing. Check-in needs the patient-data consent; a consent
 * given while a minor ('invalid') must be renewed as an adult.
 */
export async function checkIn(session: UserSession, appointmentId: number, now: Date): Promise<CheckInResult> {
  const person = session.actingPerson;
  const result = await db().transaction(async (tx) => {
    const row = await lockedReservation(tx, person.id, appointmentId);
    if (!row) return "NotFound" as const;
    const status = selfCheckInStatus(
      { ...row, status: row.status as ReservationStatus, isRemote: REMOTE_TYPES.has(row.locationType) },
      now,
    );
    const outcome = checkInDecision(status, person.patientDataConsent);
    if (outcome === "Success")
      await tx.update(s.reservations).set({ checkedInAt: now }).where(eq(s.reservations.id, row.reservationId));
    return outcome;
  });
  if (result === "Success")
    await logAccess({
      actorId: session.user.id,
      subjectId: person.id,
      resource: "check-in",
      resourceId: String(appointmentId),
      action: "write",
    });
  return result;
}

/**
 * Saves the customer's arrival reason for an active, non-remote appointment of the acting person that has not
 * ended. Returns false when there is no such appointment (the caller answers 404).
 */
export async function saveArrivalReason(
  session: UserSession,
  appointmentId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const person = session.actingPerson;
  const updated = await db()
    .update(s.reservations)
    .set({ arrivalReason: withPrefix(reason) })
    .where(
      and(
        eq(s.reservations.personId, person.id),
        eq(s.reservations.appointmentId, appointmentId),
        eq(s.reservations.status, "active"),
        sql`exists (select 1 from ${s.appointments} a where a.id = ${s.reservations.appointmentId}
          and a.location_type not in ('remoteAppointment', 'phoneAppointment', 'videoAppointment')
          and a.starts_at + make_interval(mins => a.duration_minutes) > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: s.reservations.id });
  if (updated.length)
    await logAccess({
      actorId: session.user.id,
      subjectId: person.id,
      resource: "arrival-reason",
      resourceId: String(appointmentId),
      action: "write",
    });
  return updated.length > 0;
}
