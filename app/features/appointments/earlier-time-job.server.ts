import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { BrandId } from "#brands/index";
import { type Database, type Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { env } from "~/.server/env";
import { freeTimesChanged } from "~/.server/free-times";
import { textsOf } from "~/.server/i18n";
import { logger } from "~/.server/logger";
import { queueSms } from "~/.server/sms/outbox";
import { formatDateTime, helsinkiToday, startOfHelsinkiDay } from "~/lib/format";
import { type Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { OFFER_HOLD_MINUTES, OFFER_MIN_LEAD_HOURS, slotMatches, type EarlierTimeMatch } from "./earlier-time";
import { SENSITIVE_SPECIALTY_IDS, inQuietHours } from "./reminders.server";
import { REMOTE_TYPES } from "./rules";

import { brandOf, hashToken, langOf, o, r } from "./earlier-time.server";

/** The job of the earlier-appointment offer (see earlier-time.server.ts): expiring, matching and offering. */

export type OfferFacts = {
  startsAt: Date;
  specialtyId: string;
  specialtyName: string;
  clinicName: string;
  remote: boolean;
  token: string;
  lang: Lang;
  brand: BrandId;
};

/**
 * The offer's SMS, in the request's language and brand: the time and the place, the link and how long the slot is
 * held. Never the practitioner's name, and no service name of a sensitive specialty.
 */
export function offerText(facts: OfferFacts): string {
  const t = textsOf(facts.lang, facts.brand);
  const link = `${env().origins[facts.brand]}${href("earlierTimeOffer", facts.lang, { token: facts.token })}`;
  const service = SENSITIVE_SPECIALTY_IDS.includes(facts.specialtyId) ? "" : facts.specialtyName;
  return t("appointments.earlierTime.sms.offer", {
    time: formatDateTime(facts.startsAt, facts.lang),
    service: service ? t("appointments.reminder.service", { service }) : "",
    place: facts.remote ? t("appointments.earlierTime.sms.remote") : facts.clinicName,
    minutes: OFFER_HOLD_MINUTES,
    link,
  });
}

/** The first instant after a Helsinki day (YYYY-MM-DD). */
function endOfHelsinkiDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return startOfHelsinkiDay(new Date(Date.UTC(y, m - 1, d + 1, 12)));
}

export type OfferRun = { expired: number; offered: number; quiet: boolean };

/**
 * One round of the offer job: expires open offers whose hold has ended (their requests wait again), ends requests
 * whose latest date has passed or whose appointment is no longer held, and, outside the quiet hours, offers each
 * waiting request (oldest first) the earliest free slot that matches it and that it has not let go before. Requests
 * are claimed with `FOR UPDATE SKIP LOCKED` and a slot has at most one open offer (a unique index), so two nodes
 * running the job at once never offer the same slot twice nor one request two slots.
 */
export async function offerEarlierTimes(
  db: Database,
  now: Date,
  options: { batch?: number; ignoreQuietHours?: boolean } = {},
): Promise<OfferRun> {
  const expired = await db.transaction(async (tx) => {
    const lapsed = await tx
      .update(o)
      .set({ status: "expired" })
      .where(and(eq(o.status, "open"), lte(o.expiresAt, now)))
      .returning({ requestId: o.requestId });
    if (lapsed.length)
      await tx
        .update(r)
        .set({ status: "waiting" })
        .where(
          and(
            inArray(
              r.id,
              lapsed.map((l) => l.requestId),
            ),
            eq(r.status, "offered"),
          ),
        );
    // Past the latest date, or the appointment itself is gone, checked in or started: nothing to offer any more.
    await tx
      .update(r)
      .set({ status: "expired" })
      .where(
        and(
          eq(r.status, "waiting"),
          or(
            lt(r.untilDate, helsinkiToday(now)),
            sql`not exists (select 1 from ${s.reservations} res join ${s.appointments} a on a.id = res.appointment_id
              where res.id = ${r.reservationId} and res.status = 'active' and res.checked_in_at is null
              and a.starts_at > ${now.toISOString()}::timestamptz)`,
          ),
        ),
      );
    return lapsed.length;
  });
  if (expired) freeTimesChanged();
  if (inQuietHours(now) && !options.ignoreQuietHours) return { expired, offered: 0, quiet: true };

  const offered = await db.transaction(async (tx) => {
    const waiting = await tx
      .select({
        request: r,
        careType: s.reservations.careType,
        contactPhone: s.reservations.contactPhone,
        currentStartsAt: s.appointments.startsAt,
        phoneNumber: s.people.phoneNumber,
        personLanguage: s.people.language,
      })
      .from(r)
      .innerJoin(s.reservations, eq(s.reservations.id, r.reservationId))
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .innerJoin(s.people, eq(s.people.id, r.personId))
      .where(and(eq(r.status, "waiting"), eq(s.reservations.status, "active")))
      .orderBy(asc(r.createdAt), asc(r.id))
      .limit(options.batch ?? 100)
      // Another node running the job at the same moment skips these requests instead of offering them a slot too.
      .for("update", { of: r, skipLocked: true });
    let count = 0;
    for (const w of waiting) {
      const phone = w.contactPhone ?? w.phoneNumber;
      if (!phone) continue;
      const lang = langOf(w.request.lang, w.personLanguage);
      const facts = {
        ...w.request,
        match: w.request.match as EarlierTimeMatch,
        currentStartsAt: w.currentStartsAt,
        careType: w.careType,
      };
      const slot = await firstMatchingSlot(tx, facts, w.request.id, now, lang);
      if (!slot) continue;
      const token = randomBytes(32).toString("base64url");
      const [offer] = await tx
        .insert(o)
        .values({
          requestId: w.request.id,
          appointmentId: slot.id,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OFFER_HOLD_MINUTES * 60_000),
        })
        // A slot already offered by another node's concurrent round: left to that offer.
        .onConflictDoNothing()
        .returning({ id: o.id });
      if (!offer) continue;
      await tx.update(r).set({ status: "offered" }).where(eq(r.id, w.request.id));
      await queueSms(tx, {
        to: phone,
        body: offerText({ ...slot, token, lang, brand: brandOf(w.request.brand) }),
      });
      count++;
    }
    return count;
  });
  if (offered) {
    freeTimesChanged();
    logger.info("earlier times offered", { offered });
  }
  return { expired, offered, quiet: false };
}

/** The earliest free slot a request may be offered: matching, not held by anyone, and not let go by it before. */
async function firstMatchingSlot(
  tx: Transaction,
  request: Parameters<typeof slotMatches>[0],
  requestId: number,
  now: Date,
  lang: Lang,
) {
  const a = s.appointments;
  const candidates = await tx
    .select({
      id: a.id,
      startsAt: a.startsAt,
      practitionerId: a.practitionerId,
      specialtyId: a.specialtyId,
      clinicId: a.clinicId,
      careTypes: a.careTypes,
      locationType: a.locationType,
      clinicName: s.clinics.name,
      clinicRemote: s.clinics.isRemote,
      nameFi: s.specialties.nameFi,
      nameSv: s.specialties.nameSv,
      nameEn: s.specialties.nameEn,
    })
    .from(a)
    .innerJoin(s.clinics, eq(s.clinics.id, a.clinicId))
    .innerJoin(s.specialties, eq(s.specialties.id, a.specialtyId))
    .where(
      and(
        request.match === "practitioner"
          ? eq(a.practitionerId, request.practitionerId)
          : and(eq(a.specialtyId, request.specialtyId), eq(a.clinicId, request.clinicId)),
        gte(a.startsAt, new Date(now.getTime() + OFFER_MIN_LEAD_HOURS * 3_600_000)),
        lt(a.startsAt, request.currentStartsAt),
        lt(a.startsAt, endOfHelsinkiDay(request.untilDate)),
        sql`${a.careTypes} @> array[${request.careType}]::text[]`,
        sql`not exists (select 1 from ${s.reservations} res where res.appointment_id = ${a.id} and res.status = 'active')`,
        sql`not exists (select 1 from ${o} x where x.appointment_id = ${a.id}
          and (x.status = 'open' or x.request_id = ${requestId}))`,
      ),
    )
    .orderBy(asc(a.startsAt), asc(a.id))
    .limit(5);
  const slot = candidates.find((c) => slotMatches(request, c, now));
  if (!slot) return null;
  return {
    id: slot.id,
    startsAt: slot.startsAt,
    specialtyId: slot.specialtyId,
    specialtyName: { fi: slot.nameFi, sv: slot.nameSv, en: slot.nameEn }[lang],
    clinicName: slot.clinicName,
    remote: slot.clinicRemote || REMOTE_TYPES.has(slot.locationType),
  };
}
