import { createHmac, timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { logAccess } from "~/.server/access-log";
import { db } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { env } from "~/.server/env";
import { logger } from "~/.server/logger";
import { hitRateLimit } from "~/.server/rate-limit";
import { consentSchema, type ConsentChoice } from "~/features/account/consent";
import { saveConsent } from "~/features/account/consent.server";
import {
  REMOTE_TYPES,
  cancelDecision,
  checkInDecision,
  selfCheckInStatus,
  type ReservationStatus,
  type SelfCheckInStatus,
} from "./rules";
import { doorLockouts } from "~/.server/metrics";

/**
 * The anonymous link to an appointment, from the reservation SMS or the clinic door:
 * url-safe base64 of `<appointment id>_<MAC>`, the MAC being 132 bits of an HMAC over the appointment and its
 * reservation. Nobody can guess a link, and a new reservation of the same slot gets a new one.
 */
const MAC_LENGTH = 22;
export const DOOR_MAX_FAILURES = 5;
/**
 * The fifth wrong code locks the link's check-in for this long, then the count starts again. Long enough to stop
 * guessing (with the per-client limit), short enough that someone who saw the link cannot keep the patient out
 * of the whole check-in window; the reception can always check the patient in.
 */
export const DOOR_LOCK_MINUTES = 15;
export const DOOR_CLIENT_LIMIT = { limit: Number(process.env.RATE_LIMIT_DOOR ?? 20), windowSeconds: 600 };

function mac(appointmentId: number, reservationId: string): string {
  return createHmac("sha256", env().sessionSecret)
    .update(`door:${appointmentId}:${reservationId}`)
    .digest("base64url")
    .slice(0, MAC_LENGTH);
}

export function doorToken(appointmentId: number, reservationId: string): string {
  return Buffer.from(`${appointmentId}_${mac(appointmentId, reservationId)}`).toString("base64url");
}

/**
 * The parts of a link, or null. Only the canonical spelling is accepted: base64url decoding skips stray
 * characters and ignores left-over bits, so the token must re-encode to exactly itself.
 */
export function parseDoorToken(token: string): { appointmentId: number; mac: string } | null {
  if (!/^[A-Za-z0-9_-]{8,80}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.toString("base64url") !== token) return null;
  const match = /^(\d{1,9})_([A-Za-z0-9_-]{22})$/.exec(bytes.toString("latin1"));
  return match ? { appointmentId: Number(match[1]), mac: match[2] } : null;
}

/** The end of a lock set at `lockedAt`, or null when there is none or it has passed. */
export function lockedUntil(lockedAt: Date | null | undefined, now: Date): Date | null {
  if (!lockedAt) return null;
  const until = new Date(lockedAt.getTime() + DOOR_LOCK_MINUTES * 60_000);
  return until.getTime() > now.getTime() ? until : null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The reservation a link points to (the newest of its appointment), or null for a link that is not valid. */
async function resolve(token: string) {
  const parsed = parseDoorToken(token);
  if (!parsed) return null;
  const [row] = await db()
    .select({
      reservationId: s.reservations.id,
      personId: s.reservations.personId,
      status: s.reservations.status,
      checkedInAt: s.reservations.checkedInAt,
      room: s.reservations.room,
      appointmentId: s.appointments.id,
      startsAt: s.appointments.startsAt,
      durationMinutes: s.appointments.durationMinutes,
      locationType: s.appointments.locationType,
      clinicName: s.clinics.name,
      streetAddress: s.clinics.streetAddress,
      postalCode: s.clinics.postalCode,
      postOffice: s.clinics.postOffice,
    })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
    .where(eq(s.reservations.appointmentId, parsed.appointmentId))
    .orderBy(desc(s.reservations.reservedAt))
    .limit(1);
  if (!row || !sameText(parsed.mac, mac(row.appointmentId, row.reservationId))) return null;
  return row;
}

/**
 * Whether a token is a valid clinic-door link (for the newest reservation of its appointment), without reading
 * anything more of it: the anonymous appointment view sends such a token on to the door page.
 */
export async function isDoorToken(token: string): Promise<boolean> {
  return (await resolve(token)) !== null;
}

export type DoorView = {
  appointmentId: number;
  state: "active" | "cancelled";
  startsAt: string;
  durationMinutes: number;
  isRemote: boolean;
  clinic: { name: string; address: string };
  selfCheckInStatus: SelfCheckInStatus;
  locked: boolean;
  /** While locked: when the door check-in opens again (ISO instant). */
  lockedUntil: string | null;
  room: string | null;
  /** Whether the logged-in view would offer cancelling (spec part 1 §3 anonymous appointment, `mayCancel`). */
  mayCancel: boolean;
};

/** What a stranger holding the link may see: time and place, never names or identity codes. */
export async function doorView(token: string, now: Date, cancellationLimitHours: number): Promise<DoorView | null> {
  const row = await resolve(token);
  if (!row) return null;
  const [attempts] = await db()
    .select()
    .from(s.doorCheckInAttempts)
    .where(eq(s.doorCheckInAttempts.reservationId, row.reservationId));
  const isRemote = REMOTE_TYPES.has(row.locationType);
  const until = lockedUntil(attempts?.lockedAt, now);
  const facts = { ...row, status: row.status as ReservationStatus, isRemote };
  return {
    appointmentId: row.appointmentId,
    state: row.status === "active" ? "active" : "cancelled",
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    isRemote,
    clinic: {
      name: row.clinicName,
      address: [row.streetAddress, [row.postalCode, row.postOffice].filter(Boolean).join(" ")]
        .filter(Boolean)
        .join(", "),
    },
    selfCheckInStatus: selfCheckInStatus(facts, now),
    locked: !!until,
    lockedUntil: until?.toISOString() ?? null,
    room: row.checkedInAt ? row.room : null,
    mayCancel: cancelDecision(facts, now, cancellationLimitHours).mayCancel,
  };
}

/** The last four characters of the identity code as typed at the door: trimmed and in upper case. */
export function normaliseDoorCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Three digits and a digit or letter: the form of an identity code's last four characters. */
export function isDoorCode(code: string): boolean {
  return /^[0-9]{3}[0-9A-Y]$/.test(code);
}

/** The door page's form: the code, and with the consent form (intent "consent") the customer's choices. */
export type DoorForm =
  | { type: "ok"; code: string; consent: Record<ConsentChoice, boolean> | undefined }
  | { type: "codeFormat"; code: string }
  | { type: "consentNotAcknowledged"; code: string };

export function readDoorForm(form: FormData): DoorForm {
  const code = normaliseDoorCode(String(form.get("ssnEndPart") ?? ""));
  if (!isDoorCode(code)) return { type: "codeFormat", code };
  if (form.get("intent") !== "consent") return { type: "ok", code, consent: undefined };
  const parsed = consentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { type: "consentNotAcknowledged", code };
  const { privacyPolicyAcknowledged: _, ...choices } = parsed.data;
  return { type: "ok", code, consent: choices };
}

/** The spec's result types of `POST /api/anon/check-in`, plus the lockouts. */
export type DoorCheckInResult =
  | "success"
  | "ssnEndPartMismatch"
  | "confidentialityFormNotFilled"
  | "confidentialityFormNotFilledAsAdult"
  | "alreadyCheckedIn"
  | "tooEarly"
  | "locked"
  | "tooManyAttempts"
  | "notFound"
  | "failure";

const OUTCOMES = {
  Success: "success",
  AlreadyCheckedIn: "alreadyCheckedIn",
  TooEarly: "tooEarly",
  ConfidentialityFormNotFilled: "confidentialityFormNotFilled",
  ConfidentialityFormNotFilledAsAdult: "confidentialityFormNotFilledAsAdult",
  CheckInFailed: "failure",
} as const;

/**
 * Anonymous check-in with the last four characters of the identity code. Limited per client, and per
 * appointment: the fifth wrong code locks it for DOOR_LOCK_MINUTES. The comparison runs in constant time, and
 * every try is logged.
 */
export async function doorCheckIn(
  token: string,
  ssnEndPart: string,
  clientIp: string,
  now: Date,
  /** The consent form's answers, when the customer filled it in after a consent-needed answer. */
  consent?: Record<ConsentChoice, boolean>,
): Promise<DoorCheckInResult> {
  const limit = await hitRateLimit(`door:ip:${clientIp}`, DOOR_CLIENT_LIMIT.limit, DOOR_CLIENT_LIMIT.windowSeconds);
  if (!limit.allowed) return "tooManyAttempts";
  const row = await resolve(token);
  if (!row) return "notFound";
  const given = ssnEndPart.trim().toUpperCase();

  const result = await db().transaction(async (tx) => {
    await tx.insert(s.doorCheckInAttempts).values({ reservationId: row.reservationId }).onConflictDoNothing();
    const [attempts] = await tx
      .select()
      .from(s.doorCheckInAttempts)
      .where(eq(s.doorCheckInAttempts.reservationId, row.reservationId))
      .for("update");
    if (lockedUntil(attempts.lockedAt, now)) return "locked" as const;
    // A lock that has run out starts the count again.
    const earlierFailures = attempts.lockedAt ? 0 : attempts.failures;
    const [person] = await tx
      .select({ identityCode: s.people.identityCode, consent: s.people.patientDataConsent })
      .from(s.people)
      .where(eq(s.people.id, row.personId));
    if (!sameText(given.padEnd(4).slice(0, 4), person.identityCode.slice(-4)) || given.length !== 4) {
      const failures = earlierFailures + 1;
      await tx
        .update(s.doorCheckInAttempts)
        .set({ failures, lockedAt: failures >= DOOR_MAX_FAILURES ? now : null })
        .where(eq(s.doorCheckInAttempts.reservationId, row.reservationId));
      if (failures < DOOR_MAX_FAILURES) return "ssnEndPartMismatch" as const;
      doorLockouts.inc();
      return "locked" as const;
    }
    if (consent) {
      await saveConsent(tx, row.personId, consent, now);
      person.consent = "ok";
    }
    const [current] = await tx
      .select({ status: s.reservations.status, checkedInAt: s.reservations.checkedInAt })
      .from(s.reservations)
      .where(eq(s.reservations.id, row.reservationId))
      .for("update");
    const status = selfCheckInStatus(
      { ...row, ...current, status: current.status as ReservationStatus, isRemote: REMOTE_TYPES.has(row.locationType) },
      now,
    );
    const outcome = OUTCOMES[checkInDecision(status, person.consent)];
    if (outcome === "success") {
      await tx.update(s.reservations).set({ checkedInAt: now }).where(eq(s.reservations.id, row.reservationId));
      await tx
        .update(s.doorCheckInAttempts)
        .set({ failures: 0, lockedAt: null })
        .where(eq(s.doorCheckInAttempts.reservationId, row.reservationId));
    }
    return outcome;
  });
  logger.info("door check-in", { appointmentId: row.appointmentId, result });
  if (result === "success")
    await logAccess({
      actorId: row.personId,
      subjectId: row.personId,
      resource: "door-check-in",
      resourceId: String(row.appointmentId),
      action: "write",
    });
  return result;
}

/** The door page's HTTP status for a check-in that did not succeed. */
export function doorFailureStatus(result: Exclude<DoorCheckInResult, "success" | "notFound">): number {
  return result === "ssnEndPartMismatch" ? 400 : result === "locked" ? 423 : result === "tooManyAttempts" ? 429 : 409;
}

// Answers after which the typed code is kept: to correct it, or to send it again with the consent form.
const KEEP_CODE = new Set<DoorCheckInResult>([
  "ssnEndPartMismatch",
  "confidentialityFormNotFilled",
  "confidentialityFormNotFilledAsAdult",
]);

/** Whether the door page shows the typed code again after this answer. */
export function keepsDoorCode(result: DoorCheckInResult): boolean {
  return KEEP_CODE.has(result);
}
