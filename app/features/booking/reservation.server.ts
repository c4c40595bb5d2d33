import { isOneActiveViolation } from "~/.server/db/errors";
import { freeTimesChanged } from "~/.server/free-times";
import { logAccess } from "~/.server/access-log";
import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { BrandId } from "#brands/index";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import { textsOf } from "~/.server/i18n";
import { logger } from "~/.server/logger";
import { queueSms } from "~/.server/sms/outbox";
import { doorToken } from "~/features/appointments/door.server";
import { formatDateTime } from "~/lib/format";
import { isLang, type Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { mayReserveAnonymously, type CareType } from "./care-type";
import { MAX_ACTIVE_RESERVATIONS } from "./reservation-rules";

/** Who reserves: an anonymous visitor by identity code and names, or a logged-in user for the acting person. */
export type Reserver =
  | { channel: "anonymous"; identityCode: string; firstName: string; lastName: string }
  | { channel: "portal"; personId: string; actorId: string };

export type ReservationRequest = {
  reserver: Reserver;
  appointmentId: number;
  careType: CareType;
  contactPhone: string | null;
  contactEmail: string | null;
  /** The insurance part (insurance page), already checked by the insurer rules. */
  insurance?: {
    insurer: string | null;
    reimbursement: string | null;
    conceptCode: string;
    description: string;
    directCompensationPermit: string | null;
  } | null;
  description?: string | null;
  brand: { id: BrandId; origin: string };
  /**
   * The language the customer booked in: the confirmation SMS and its link are in it. Without it (the JSON
   * calls), the person's own language.
   */
  lang?: Lang;
  now: Date;
};

export type ReservationDetails = {
  reservationId: string;
  appointmentId: number;
  startDate: string;
  durationMinutes: number;
  /** The anonymous link of the confirmation SMS (door page and anonymous confirmation). */
  token: string;
};

/** The spec's result types of a reservation (part 2 §8); validation is answered before this is called. */
export type ReservationResult =
  | { type: "success"; reservationDetails: ReservationDetails }
  | { type: "appointmentNotAvailable" }
  | { type: "tooManyReservations" }
  | { type: "noPatient" }
  | { type: "patientDataConsentRequired" }
  | { type: "patientInfoConflict" }
  | { type: "unknownError" };

class Refusal extends Error {
  constructor(readonly result: Exclude<ReservationResult, { type: "success" }>) {
    super(result.type);
  }
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase("fi") === b.trim().toLocaleLowerCase("fi");

async function personOf(tx: Transaction, reserver: Reserver) {
  const where =
    reserver.channel === "anonymous"
      ? eq(s.people.identityCode, reserver.identityCode.trim().toUpperCase())
      : eq(s.people.id, reserver.personId);
  // The person's row is locked, so one person's reservations are decided one at a time and the
  // tooManyReservations rule holds under concurrent requests.
  const [person] = await tx.select().from(s.people).where(where).for("update");
  if (!person) throw new Refusal({ type: "noPatient" });
  if (
    reserver.channel === "anonymous" &&
    (!sameName(person.firstName, reserver.firstName) || !sameName(person.lastName, reserver.lastName))
  ) {
    throw new Refusal({ type: "patientInfoConflict" });
  }
  if (person.patientDataConsent !== "ok") throw new Refusal({ type: "patientDataConsentRequired" });
  return person;
}

/**
 * Reserves a free appointment, in one transaction: the person (locked), the slot's checks, the
 * tooManyReservations rule, the reservation row, the confirmation SMS in the outbox and the access-log row.
 * That a slot is reserved at most once is guaranteed by the database (the partial unique index
 * reservations_one_active_per_appointment): of concurrent requests exactly one insert commits, the others
 * fail with 23505 and answer appointmentNotAvailable.
 */
export async function reserveAppointment(db: Database, request: ReservationRequest): Promise<ReservationResult> {
  const { reserver, now } = request;
  try {
    const details = await db.transaction(async (tx) => {
      const person = await personOf(tx, reserver);
      const [slot] = await tx
        .select({ a: s.appointments, clinicName: s.clinics.name, clinicRemote: s.clinics.isRemote })
        .from(s.appointments)
        .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
        .where(eq(s.appointments.id, request.appointmentId));
      if (!slot || slot.a.startsAt.getTime() <= now.getTime() || !slot.a.careTypes.includes(request.careType))
        throw new Refusal({ type: "appointmentNotAvailable" });
      if (reserver.channel === "anonymous" && !mayReserveAnonymously(request.careType, slot.a.requiresAuthToReserve))
        throw new Refusal({ type: "appointmentNotAvailable" });
      // A slot offered as an earlier time is held for that person until the offer ends: for anyone else it is taken.
      const [offer] = await tx
        .select({ personId: s.earlierTimeRequests.personId })
        .from(s.earlierTimeOffers)
        .innerJoin(s.earlierTimeRequests, eq(s.earlierTimeRequests.id, s.earlierTimeOffers.requestId))
        .where(
          and(
            eq(s.earlierTimeOffers.appointmentId, slot.a.id),
            eq(s.earlierTimeOffers.status, "open"),
            gt(s.earlierTimeOffers.expiresAt, now),
          ),
        );
      if (offer && offer.personId !== person.id) throw new Refusal({ type: "appointmentNotAvailable" });

      // tooManyReservations: at most MAX_ACTIVE_RESERVATIONS active reservations that have not ended, none overlapping this one.
      const end = new Date(slot.a.startsAt.getTime() + slot.a.durationMinutes * 60_000);
      const [held] = await tx
        .select({
          active: sql<number>`count(*)::int`,
          overlapping: sql<number>`count(*) filter (where ${s.appointments.startsAt} < ${end.toISOString()}::timestamptz and ${s.appointments.startsAt} + make_interval(mins => ${s.appointments.durationMinutes}) > ${slot.a.startsAt.toISOString()}::timestamptz)::int`,
        })
        .from(s.reservations)
        .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
        .where(
          and(
            eq(s.reservations.personId, person.id),
            eq(s.reservations.status, "active"),
            ne(s.reservations.appointmentId, slot.a.id),
            gt(sql`${s.appointments.startsAt} + make_interval(mins => ${s.appointments.durationMinutes})`, now),
          ),
        );
      if (Number(held.active) >= MAX_ACTIVE_RESERVATIONS || Number(held.overlapping) > 0)
        throw new Refusal({ type: "tooManyReservations" });

      const insurance = request.insurance ?? null;
      const [reservation] = await tx
        .insert(s.reservations)
        .values({
          appointmentId: slot.a.id,
          personId: person.id,
          status: "active",
          reservedAt: now,
          channel: reserver.channel,
          careType: request.careType,
          description: insurance?.description ?? request.description ?? null,
          conceptCode: insurance?.conceptCode ?? null,
          insurer: insurance?.insurer ?? null,
          reimbursement: insurance?.reimbursement ?? null,
          directCompensationPermit: insurance?.directCompensationPermit ?? null,
          contactPhone: request.contactPhone,
          contactEmail: request.contactEmail,
          lang: request.lang ?? null,
          brand: request.brand.id,
        })
        .returning({ id: s.reservations.id });

      const token = doorToken(slot.a.id, reservation.id);
      const phone = request.contactPhone ?? person.phoneNumber;
      if (phone) {
        const lang: Lang = request.lang ?? (isLang(person.language) ? person.language : "fi");
        const t = textsOf(lang, request.brand.id);
        const link = `${request.brand.origin}${href("doorAppointment", lang, { token })}`;
        const place = slot.clinicRemote ? t("reservation.sms.remote") : slot.clinicName;
        await queueSms(tx, {
          to: phone,
          body: t("reservation.sms.confirmation", { time: formatDateTime(slot.a.startsAt, lang), place, link }),
        });
      }
      const actorId = reserver.channel === "portal" ? reserver.actorId : person.id;
      await logAccess(
        { actorId, subjectId: person.id, action: "write", resource: "reservation", resourceId: String(slot.a.id) },
        tx,
      );
      return {
        reservationId: reservation.id,
        appointmentId: slot.a.id,
        startDate: slot.a.startsAt.toISOString(),
        durationMinutes: slot.a.durationMinutes,
        token,
      };
    });
    freeTimesChanged();
    logger.info("appointment reserved", {
      appointmentId: details.appointmentId,
      channel: reserver.channel,
      careType: request.careType,
    });
    return { type: "success", reservationDetails: details };
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    if (isOneActiveViolation(error)) return { type: "appointmentNotAvailable" };
    reportError(error, { operation: "reserveAppointment" });
    return { type: "unknownError" };
  }
}

/** The anonymous confirmation behind a door token: the newest reservation of its appointment, if the token is its. */
export async function reservationByToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{8,80}$/.test(token)) return null;
  const match = /^(\d{1,9})_[A-Za-z0-9_-]{22}$/.exec(Buffer.from(token, "base64url").toString());
  if (!match) return null;
  const appointmentId = Number(match[1]);
  const [row] = await db
    .select({ id: s.reservations.id, status: s.reservations.status })
    .from(s.reservations)
    .where(eq(s.reservations.appointmentId, appointmentId))
    .orderBy(sql`${s.reservations.reservedAt} desc`)
    .limit(1);
  const expected = Buffer.from(row ? doorToken(appointmentId, row.id) : "");
  if (!row || expected.length !== token.length || !timingSafeEqual(expected, Buffer.from(token))) return null;
  return { appointmentId, reservationId: row.id, active: row.status === "active" };
}
