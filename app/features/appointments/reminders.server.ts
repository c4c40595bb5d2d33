import { and, asc, eq, gt, isNull, lt, lte, sql } from "drizzle-orm";
import { brands, customerServicePhone, type BrandId, type Environment } from "#brands/index";
import type { Database, Transaction } from "~/.server/db/client";
import { env } from "~/.server/env";
import * as s from "~/.server/db/schema";
import { textsOf } from "~/.server/i18n";
import { queueSms } from "~/.server/sms/outbox";
import { formatDateTime, helsinkiDateParts } from "~/lib/format";
import { isLang, type Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { doorToken } from "./door.server";
import { REMOTE_TYPES } from "./rules";

/**
 * The reminder of an appointment, by SMS: a missed appointment wastes a slot someone else needed. The
 * job (`sendDueReminders`) runs every few minutes on every node; each reservation is reminded once, whichever
 * node gets there first (its row is claimed with `FOR UPDATE SKIP LOCKED` and marked in the same transaction as
 * its SMS is queued). What an SMS may say is decided here: the time, the place, the clinic-door link, how to
 * cancel; never a practitioner's name, and no service name of a sensitive specialty.
 */

/**
 * A reminder goes out this long before the appointment starts: a day before cancelling in the portal closes (24
 * hours before the start in both brands), so that whoever cannot come still has a day to free the slot for someone
 * else, and the quiet hours never push it past that limit.
 */
export const REMINDER_LEAD_HOURS = 48;
/** Closer to the start than this, a reminder is no use any more (the job was down, say): none is sent. */
export const REMINDER_LATEST_MINUTES = 60;
/** No SMS between 21 and 8 Helsinki time: what falls due in the night goes out at 8. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;
/**
 * Specialties whose name alone says too much on a locked phone's screen or to whoever reads the SMS: psychology,
 * psychiatry and sexual health. Their reminders name no service.
 */
export const SENSITIVE_SPECIALTY_IDS: readonly string[] = ["PSY", "PSYK", "SEKS"];

const HOUR = 60 * 60 * 1000;

/** Whether `now` is in the quiet hours, when no reminder is sent. */
export function inQuietHours(now: Date): boolean {
  const { hour } = helsinkiDateParts(now);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/**
 * Whether an active reservation's reminder is due at `now`: it starts within the lead time but not too soon, and
 * it was reserved before the lead time began (one reserved for tomorrow just now got its confirmation minutes ago).
 */
export function reminderDue(r: { startsAt: Date; reservedAt: Date }, now: Date): boolean {
  const untilStart = r.startsAt.getTime() - now.getTime();
  return (
    untilStart <= REMINDER_LEAD_HOURS * HOUR &&
    untilStart >= REMINDER_LATEST_MINUTES * 60 * 1000 &&
    r.startsAt.getTime() - r.reservedAt.getTime() > REMINDER_LEAD_HOURS * HOUR
  );
}

export type ReminderFacts = {
  appointmentId: number;
  reservationId: string;
  startsAt: Date;
  specialtyId: string;
  specialtyName: string;
  clinicName: string;
  remote: boolean;
  lang: Lang;
  brand: BrandId;
  /** How many hours before the start cancelling in the portal ends (the brand's limit). */
  cancellationLimitHours: number;
};

/** The reminder's text, in the reservation's language and brand. */
export function reminderText(facts: ReminderFacts, now: Date, environment: Environment): string {
  const t = textsOf(facts.lang, facts.brand);
  const brand = brands[facts.brand];
  const origin = env().origins[facts.brand];
  // A clinic visit gets the clinic-door link (arriving, details, the way to cancel); a remote one its own page.
  const link = facts.remote
    ? `${origin}${href("appointment", facts.lang, { ids: facts.appointmentId })}`
    : `${origin}${href("doorAppointment", facts.lang, { token: doorToken(facts.appointmentId, facts.reservationId) })}`;
  const deadline = new Date(facts.startsAt.getTime() - facts.cancellationLimitHours * HOUR);
  const service = SENSITIVE_SPECIALTY_IDS.includes(facts.specialtyId) ? "" : facts.specialtyName;
  return t(facts.remote ? "appointments.reminder.remote" : "appointments.reminder.clinic", {
    time: formatDateTime(facts.startsAt, facts.lang),
    service: service ? t("appointments.reminder.service", { service }) : "",
    place: facts.clinicName,
    link,
    cancel:
      deadline > now
        ? t("appointments.reminder.cancelUntil", { deadline: formatDateTime(deadline, facts.lang) })
        : t("appointments.reminder.cancelByPhone", { phone: customerServicePhone(brand, environment) }),
  });
}

/**
 * Queues the reminders due at `now` (at most `batch`), unless it is the quiet hours. A reservation is reminded
 * once: cancelled, checked-in and already reminded ones are left out, and so are people who turned booking
 * reminders off. One without any phone is marked as handled too, so it is not looked at again.
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  options: { environment: Environment; batch?: number; ignoreQuietHours?: boolean },
): Promise<{ queued: number; quiet: boolean }> {
  if (inQuietHours(now) && !options.ignoreQuietHours) return { queued: 0, quiet: true };
  const latest = new Date(now.getTime() + REMINDER_LEAD_HOURS * HOUR);
  const earliest = new Date(now.getTime() + REMINDER_LATEST_MINUTES * 60 * 1000);
  const queued = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        reservationId: s.reservations.id,
        reservedAt: s.reservations.reservedAt,
        contactPhone: s.reservations.contactPhone,
        lang: s.reservations.lang,
        brand: s.reservations.brand,
        appointmentId: s.appointments.id,
        startsAt: s.appointments.startsAt,
        locationType: s.appointments.locationType,
        specialtyId: s.appointments.specialtyId,
        phoneNumber: s.people.phoneNumber,
        personLanguage: s.people.language,
        wantsReminders: s.people.allowsBookingSms,
      })
      .from(s.reservations)
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .innerJoin(s.people, eq(s.people.id, s.reservations.personId))
      .where(
        and(
          eq(s.reservations.status, "active"),
          isNull(s.reservations.checkedInAt),
          isNull(s.reservations.remindedAt),
          gt(s.appointments.startsAt, earliest),
          lte(s.appointments.startsAt, latest),
          lt(
            s.reservations.reservedAt,
            sql`${s.appointments.startsAt} - make_interval(hours => ${REMINDER_LEAD_HOURS})`,
          ),
        ),
      )
      .orderBy(asc(s.appointments.startsAt))
      .limit(options.batch ?? 100)
      // Another node running the job at the same moment skips these rows instead of reminding them again.
      .for("update", { of: s.reservations, skipLocked: true });
    let count = 0;
    for (const row of rows) {
      const phone = row.contactPhone ?? row.phoneNumber;
      if (row.wantsReminders && phone && reminderDue(row, now)) {
        const facts = await factsOf(tx, row);
        await queueSms(tx, { to: phone, body: reminderText(facts, now, options.environment) });
        count++;
      }
      await tx.update(s.reservations).set({ remindedAt: now }).where(eq(s.reservations.id, row.reservationId));
    }
    return count;
  });
  return { queued, quiet: false };
}

type DueRow = {
  reservationId: string;
  appointmentId: number;
  startsAt: Date;
  locationType: string;
  specialtyId: string;
  lang: string | null;
  brand: string | null;
  personLanguage: string | null;
};

async function factsOf(tx: Transaction, row: DueRow): Promise<ReminderFacts> {
  const [place] = await tx
    .select({
      clinicName: s.clinics.name,
      clinicRemote: s.clinics.isRemote,
      nameFi: s.specialties.nameFi,
      nameSv: s.specialties.nameSv,
      nameEn: s.specialties.nameEn,
    })
    .from(s.appointments)
    .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
    .innerJoin(s.specialties, eq(s.specialties.id, s.appointments.specialtyId))
    .where(eq(s.appointments.id, row.appointmentId));
  // Reserved before the language was kept with the reservation: the person's own language.
  const lang: Lang = isLang(row.lang) ? row.lang : isLang(row.personLanguage) ? row.personLanguage : "fi";
  const brand: BrandId = row.brand === "pikkujatti" ? "pikkujatti" : "main";
  return {
    appointmentId: row.appointmentId,
    reservationId: row.reservationId,
    startsAt: row.startsAt,
    specialtyId: row.specialtyId,
    specialtyName: { fi: place.nameFi, sv: place.nameSv, en: place.nameEn }[lang] ?? place.nameFi,
    clinicName: place.clinicName,
    remote: place.clinicRemote || REMOTE_TYPES.has(row.locationType),
    lang,
    brand,
    cancellationLimitHours: brands[brand].cancellationLimitHours,
  };
}
