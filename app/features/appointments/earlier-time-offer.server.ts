import { isOneActiveViolation } from "~/.server/db/errors";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { BrandId } from "#brands/index";
import { logAccess } from "~/.server/access-log";
import { db as appDb, type Database, type Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { env } from "~/.server/env";
import { freeTimesChanged } from "~/.server/free-times";
import { textsOf } from "~/.server/i18n";
import { logger } from "~/.server/logger";
import { queueSms } from "~/.server/sms/outbox";
import type { UserSession } from "~/.server/guards";
import { formatDateTime } from "~/lib/format";
import { type Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { doorToken } from "./door.server";
import { REMOTE_TYPES } from "./rules";

import { brandOf, hashToken, langOf, o, r } from "./earlier-time.server";

/** The offer's link (see earlier-time.server.ts): showing, taking and declining an offered earlier time. */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The offer behind a link, if it is the acting person's. */
async function offerOf(tx: Database | Transaction, session: UserSession, token: string | undefined, lock = false) {
  if (!token || !TOKEN.test(token)) return null;
  const query = tx
    .select({ offer: o, request: r, currentAppointmentId: s.reservations.appointmentId })
    .from(o)
    .innerJoin(r, eq(r.id, o.requestId))
    .innerJoin(s.reservations, eq(s.reservations.id, r.reservationId))
    .where(and(eq(o.tokenHash, hashToken(token)), eq(r.personId, session.actingPerson.id)));
  const [row] = lock ? await query.for("update", { of: [o, r] }) : await query;
  return row ?? null;
}

type OfferStateName = "open" | "used" | "expired";

function stateOf(offer: { status: string; expiresAt: Date }, now: Date): OfferStateName {
  if (offer.status === "taken" || offer.status === "declined") return "used";
  if (offer.status === "expired" || offer.expiresAt.getTime() <= now.getTime()) return "expired";
  return "open";
}

/** What the offer page shows, or null for a link that is unknown or someone else's (404). */
export async function earlierTimeOffer(session: UserSession, token: string | undefined, now: Date, lang: Lang) {
  const row = await offerOf(appDb(), session, token);
  if (!row) return null;
  const state = stateOf(row.offer, now);
  if (state !== "open") return { state, currentAppointmentId: row.currentAppointmentId } as const;
  const [offered, current] = await Promise.all([
    slotDetails(row.offer.appointmentId, lang),
    slotDetails(row.currentAppointmentId, lang),
  ]);
  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "earlier-time-offer",
    resourceId: String(row.offer.appointmentId),
  });
  return {
    state,
    currentAppointmentId: row.currentAppointmentId,
    expiresAt: row.offer.expiresAt.toISOString(),
    offered,
    current,
  } as const;
}

export type OfferedSlot = Awaited<ReturnType<typeof slotDetails>>;

async function slotDetails(appointmentId: number, lang: Lang) {
  const [row] = await appDb()
    .select({
      startsAt: s.appointments.startsAt,
      durationMinutes: s.appointments.durationMinutes,
      locationType: s.appointments.locationType,
      clinicName: s.clinics.name,
      clinicRemote: s.clinics.isRemote,
      streetAddress: s.clinics.streetAddress,
      postalCode: s.clinics.postalCode,
      postOffice: s.clinics.postOffice,
      practitioner: s.practitioners.name,
      service: lang === "sv" ? s.specialties.nameSv : lang === "en" ? s.specialties.nameEn : s.specialties.nameFi,
    })
    .from(s.appointments)
    .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
    .innerJoin(s.practitioners, eq(s.practitioners.id, s.appointments.practitionerId))
    .innerJoin(s.specialties, eq(s.specialties.id, s.appointments.specialtyId))
    .where(eq(s.appointments.id, appointmentId));
  const address = [row.streetAddress, [row.postalCode, row.postOffice].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return {
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    remote: row.clinicRemote || REMOTE_TYPES.has(row.locationType),
    place: address ? `${row.clinicName}, ${address}` : row.clinicName,
    practitioner: row.practitioner,
    service: row.service,
  };
}

export type TakeResult =
  | { type: "moved"; appointmentId: number }
  | { type: "declined"; appointmentId: number }
  | { type: "unavailable"; appointmentId: number }
  | { type: "used" }
  | { type: "expired" }
  | { type: "notFound" };

class Unavailable extends Error {}

/**
 * Takes an offered slot, in one transaction: the offer (locked) must be open, unexpired and the acting person's;
 * the old reservation is cancelled and the slot reserved with the same details; the one-active-reservation index
 * refuses a slot someone got meanwhile, and then nothing changes but the offer, which is let go.
 */
export async function takeEarlierTime(session: UserSession, token: string | undefined, now: Date): Promise<TakeResult> {
  const personId = session.actingPerson.id;
  let currentAppointmentId = 0;
  let offerId = "";
  try {
    const result = await appDb().transaction(async (tx): Promise<TakeResult> => {
      const row = await offerOf(tx, session, token, true);
      if (!row) return { type: "notFound" };
      currentAppointmentId = row.currentAppointmentId;
      offerId = row.offer.id;
      const state = stateOf(row.offer, now);
      if (state !== "open") return { type: state };
      const [old] = await tx
        .select()
        .from(s.reservations)
        .where(and(eq(s.reservations.id, row.request.reservationId), eq(s.reservations.personId, personId)))
        .for("update");
      const [slot] = await tx
        .select({ startsAt: s.appointments.startsAt, durationMinutes: s.appointments.durationMinutes })
        .from(s.appointments)
        .where(eq(s.appointments.id, row.offer.appointmentId));
      if (!old || old.status !== "active" || old.checkedInAt || slot.startsAt.getTime() <= now.getTime())
        throw new Unavailable();
      // Another of the person's appointments at the same time: the move is refused as booking it would be.
      const end = new Date(slot.startsAt.getTime() + slot.durationMinutes * 60_000);
      const [overlap] = await tx
        .select({ id: s.reservations.id })
        .from(s.reservations)
        .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
        .where(
          and(
            eq(s.reservations.personId, personId),
            eq(s.reservations.status, "active"),
            ne(s.reservations.id, old.id),
            lt(s.appointments.startsAt, end),
            gt(
              sql`${s.appointments.startsAt} + make_interval(mins => ${s.appointments.durationMinutes})`,
              slot.startsAt,
            ),
          ),
        )
        .limit(1);
      if (overlap) throw new Unavailable();
      await tx
        .update(s.reservations)
        .set({ status: "cancelled", cancelledAt: now })
        .where(eq(s.reservations.id, old.id));
      const [moved] = await tx
        .insert(s.reservations)
        .values({
          appointmentId: row.offer.appointmentId,
          personId,
          status: "active",
          reservedAt: now,
          channel: "portal",
          careType: old.careType,
          arrivalReason: old.arrivalReason,
          contactPhone: old.contactPhone,
          contactEmail: old.contactEmail,
          lang: old.lang,
          brand: old.brand,
        })
        .returning({ id: s.reservations.id });
      await tx.update(o).set({ status: "taken" }).where(eq(o.id, row.offer.id));
      await tx.update(r).set({ status: "moved" }).where(eq(r.id, row.request.id));
      await confirmBySms(tx, {
        appointmentId: row.offer.appointmentId,
        reservationId: moved.id,
        startsAt: slot.startsAt,
        phone: old.contactPhone ?? session.actingPerson.phoneNumber,
        lang: langOf(old.lang ?? row.request.lang, session.actingPerson.language),
        brand: brandOf(old.brand ?? row.request.brand),
      });
      await logAccess(
        {
          actorId: session.user.id,
          subjectId: personId,
          action: "write",
          resource: "reservation",
          resourceId: String(row.offer.appointmentId),
        },
        tx,
      );
      return { type: "moved", appointmentId: row.offer.appointmentId };
    });
    if (result.type === "moved") {
      freeTimesChanged();
      logger.info("appointment moved to an earlier time", { appointmentId: result.appointmentId });
    }
    return result;
  } catch (error) {
    if (!(error instanceof Unavailable) && !isOneActiveViolation(error)) throw error;
    // The slot went to someone else (or the appointment held is gone): the offer is let go, the line goes on.
    await letGo(offerId);
    return { type: "unavailable", appointmentId: currentAppointmentId };
  }
}

/** Declines an open offer: the slot goes to the next in line, and the person waits for another one. */
export async function declineEarlierTime(session: UserSession, token: string | undefined, now: Date) {
  return appDb().transaction(async (tx): Promise<TakeResult> => {
    const row = await offerOf(tx, session, token, true);
    if (!row) return { type: "notFound" };
    const state = stateOf(row.offer, now);
    if (state !== "open") return { type: state };
    await tx.update(o).set({ status: "declined" }).where(eq(o.id, row.offer.id));
    await tx.update(r).set({ status: "waiting" }).where(eq(r.id, row.request.id));
    return { type: "declined", appointmentId: row.currentAppointmentId };
  });
}

async function letGo(offerId: string) {
  if (!offerId) return;
  await appDb().transaction(async (tx) => {
    const [offer] = await tx
      .update(o)
      .set({ status: "expired" })
      .where(and(eq(o.id, offerId), eq(o.status, "open")))
      .returning({ requestId: o.requestId });
    if (offer)
      await tx
        .update(r)
        .set({ status: "waiting" })
        .where(and(eq(r.id, offer.requestId), eq(r.status, "offered")));
  });
}

/** The confirmation SMS of the moved reservation, as a new reservation gets (the clinic-door link). */
async function confirmBySms(
  tx: Transaction,
  m: {
    appointmentId: number;
    reservationId: string;
    startsAt: Date;
    phone: string | null;
    lang: Lang;
    brand: BrandId;
  },
) {
  if (!m.phone) return;
  const [place] = await tx
    .select({ name: s.clinics.name, remote: s.clinics.isRemote })
    .from(s.appointments)
    .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
    .where(eq(s.appointments.id, m.appointmentId));
  const t = textsOf(m.lang, m.brand);
  const link = `${env().origins[m.brand]}${href("doorAppointment", m.lang, { token: doorToken(m.appointmentId, m.reservationId) })}`;
  await queueSms(tx, {
    to: m.phone,
    body: t("reservation.sms.confirmation", {
      time: formatDateTime(m.startsAt, m.lang),
      place: place.remote ? t("reservation.sms.remote") : place.name,
      link,
    }),
  });
}
