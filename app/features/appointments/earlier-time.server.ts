import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BrandId } from "#brands/index";
import { logAccess } from "~/.server/access-log";
import { db as appDb, type Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { freeTimesChanged } from "~/.server/free-times";
import type { UserSession } from "~/.server/guards";
import { formatDate } from "~/lib/format";
import { isLang, type Lang } from "~/lib/lang";
import type { FormErrors } from "~/ui/form";
import { mayAskEarlierTime, readEarlierTimeForm, type EarlierTimeFields } from "./earlier-time";

/**
 * The earlier-appointment offer: a customer waits in line for an earlier time; the job (`offerEarlierTimes`) offers
 * a free matching slot to the first in line by SMS, with a single-use link that holds the slot for them for
 * OFFER_HOLD_MINUTES; taking it moves the reservation in one transaction, declining or letting it expire passes the
 * slot on to the next in line. Here: asking and stopping, and what the job (earlier-time-job.server.ts) and the
 * link (earlier-time-offer.server.ts) share.
 */

export const r = s.earlierTimeRequests;
export const o = s.earlierTimeOffers;
export const LIVE: ("waiting" | "offered")[] = ["waiting", "offered"];

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const langOf = (value: string | null | undefined, fallback?: string | null): Lang =>
  isLang(value) ? value : isLang(fallback) ? fallback : "fi";
export const brandOf = (value: string | null | undefined): BrandId => (value === "pikkujatti" ? "pikkujatti" : "main");

/** The acting person's active reservation of an appointment that may still get an earlier time, locked. */
async function ownReservation(tx: Transaction, personId: string, appointmentId: number, now: Date) {
  const [row] = await tx
    .select({
      reservationId: s.reservations.id,
      checkedInAt: s.reservations.checkedInAt,
      startsAt: s.appointments.startsAt,
      practitionerId: s.appointments.practitionerId,
      specialtyId: s.appointments.specialtyId,
      clinicId: s.appointments.clinicId,
    })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(
      and(
        eq(s.reservations.personId, personId),
        eq(s.reservations.appointmentId, appointmentId),
        eq(s.reservations.status, "active"),
      ),
    )
    .for("update", { of: s.reservations });
  if (!row || row.checkedInAt || row.startsAt.getTime() <= now.getTime()) return null;
  return row;
}

export type EarlierTimeState = {
  /** The form may be shown: an active appointment on a later day, not checked in, nobody in line for it yet. */
  mayAsk: boolean;
  /** In line: the latest date asked for (YYYY-MM-DD). */
  waitingUntil: string | null;
  /** The same date as the page shows it ("21.11.2026"). */
  waitingUntilText: string | null;
};

/**
 * The earlier-time state of each of the acting person's appointments on their page that shows the section (one
 * may ask, or is in line); the others have none.
 */
export async function earlierTimeStates(
  session: UserSession,
  appointments: { id: number; status: string; checkedIn: boolean; startsAt: string }[],
  now: Date,
  lang: Lang,
): Promise<Record<number, EarlierTimeState>> {
  const ids = appointments.map((a) => a.id);
  const live = ids.length
    ? await appDb()
        .select({ appointmentId: s.reservations.appointmentId, untilDate: r.untilDate })
        .from(r)
        .innerJoin(s.reservations, eq(s.reservations.id, r.reservationId))
        .where(
          and(
            eq(r.personId, session.actingPerson.id),
            inArray(r.status, LIVE),
            eq(s.reservations.status, "active"),
            inArray(s.reservations.appointmentId, ids),
          ),
        )
    : [];
  const states: Record<number, EarlierTimeState> = {};
  for (const a of appointments) {
    const waiting = live.find((l) => l.appointmentId === a.id);
    const askable =
      a.status === "active" &&
      !a.checkedIn &&
      new Date(a.startsAt) > now &&
      mayAskEarlierTime(new Date(a.startsAt), now);
    if (!waiting && !askable) continue;
    states[a.id] = {
      mayAsk: askable && !waiting,
      waitingUntil: waiting ? waiting.untilDate : null,
      waitingUntilText: waiting ? formatDate(new Date(`${waiting.untilDate}T12:00:00Z`), lang) : null,
    };
  }
  return states;
}

export type AskResult =
  { type: "waiting" } | { type: "notFound" } | { type: "invalid"; errors: FormErrors<EarlierTimeFields> };

/**
 * Puts the acting person in line for an earlier time than their appointment. Asking again while in line changes
 * nothing (one live request per reservation, also by a unique index).
 */
export async function askEarlierTime(
  session: UserSession,
  appointmentId: number,
  form: { match?: unknown; untilDate?: unknown },
  options: { now: Date; lang: Lang; brand: BrandId },
): Promise<AskResult> {
  const { now } = options;
  const personId = session.actingPerson.id;
  const result = await appDb().transaction(async (tx): Promise<AskResult> => {
    const held = await ownReservation(tx, personId, appointmentId, now);
    if (!held || !mayAskEarlierTime(held.startsAt, now)) return { type: "notFound" };
    const read = readEarlierTimeForm(form, held.startsAt, now);
    if ("errors" in read) return { type: "invalid", errors: read.errors };
    const [live] = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.reservationId, held.reservationId), inArray(r.status, LIVE)));
    if (live) return { type: "waiting" };
    await tx.insert(r).values({
      personId,
      reservationId: held.reservationId,
      match: read.value.match,
      practitionerId: held.practitionerId,
      specialtyId: held.specialtyId,
      clinicId: held.clinicId,
      untilDate: read.value.untilDate,
      lang: options.lang,
      brand: options.brand,
      createdAt: now,
    });
    return { type: "waiting" };
  });
  if (result.type === "waiting")
    await logAccess({
      actorId: session.user.id,
      subjectId: personId,
      action: "write",
      resource: "earlier-time-request",
      resourceId: String(appointmentId),
    });
  return result;
}

/** Takes the acting person out of line for an appointment (an open offer of theirs is let go too). */
export async function stopEarlierTime(session: UserSession, appointmentId: number): Promise<void> {
  const personId = session.actingPerson.id;
  const stopped = await appDb().transaction(async (tx) => {
    const rows = await tx
      .update(r)
      .set({ status: "stopped" })
      .where(
        and(
          eq(r.personId, personId),
          inArray(r.status, LIVE),
          sql`${r.reservationId} in (select id from ${s.reservations} where appointment_id = ${appointmentId})`,
        ),
      )
      .returning({ id: r.id });
    if (rows.length)
      await tx
        .update(o)
        .set({ status: "declined" })
        .where(
          and(
            inArray(
              o.requestId,
              rows.map((row) => row.id),
            ),
            eq(o.status, "open"),
          ),
        );
    return rows.length > 0;
  });
  if (stopped) freeTimesChanged();
}
