import type { z } from "zod";
import type { BrandId, Environment } from "#brands/index";
import type { Database } from "~/.server/db/client";
import type { Lang } from "~/lib/lang";
import { hitRateLimit } from "~/.server/rate-limit";
import { getFreeAppointment } from "./free-appointment.server";
import { reservationByToken, reserveAppointment, type ReservationResult } from "./reservation.server";
import { timeAndPlace } from "./reservation-view";
import { anonymousReservationSchema } from "./reservation.schema";

/**
 * Anonymous reservations are limited per client address and per identity code (env overrides for e2e runs):
 * a person books a few appointments, a script guessing identity codes and names is stopped early.
 */
export const ANON_RESERVATION_LIMITS = {
  client: { limit: Number(process.env.RATE_LIMIT_ANON_RESERVATION ?? 20), windowSeconds: 600 },
  identityCode: { limit: Number(process.env.RATE_LIMIT_ANON_RESERVATION_SSN ?? 5), windowSeconds: 3600 },
};

export type AnonymousReservationOutcome =
  | ReservationResult
  | { type: "rateLimited"; retryAfterSeconds: number }
  | { type: "validation"; errors: Record<string, string>; issues: z.core.$ZodIssue[] };

/** The anonymous reservation of the page and of POST /api/anon/reserve-appointment: limits, validation, reservation. */
export async function reserveAnonymously(
  db: Database,
  input: {
    body: Record<string, unknown>;
    /** The page's form (terms and binding checkboxes) or the API payload. */
    form: boolean;
    appointmentId: number;
    bindingRequired: boolean;
    clientIp: string;
    environment: Environment;
    brand: { id: BrandId; origin: string };
    /** The page's language, for the confirmation SMS. */
    lang?: Lang;
    now: Date;
  },
): Promise<AnonymousReservationOutcome> {
  const byClient = await hitRateLimit(
    `anon-reserve:ip:${input.clientIp}`,
    ANON_RESERVATION_LIMITS.client.limit,
    ANON_RESERVATION_LIMITS.client.windowSeconds,
  );
  if (!byClient.allowed) return { type: "rateLimited", retryAfterSeconds: byClient.retryAfterSeconds };
  const schema = anonymousReservationSchema({
    allowDevelopmentCodes: input.environment === "development",
    bindingRequired: input.bindingRequired,
    form: input.form,
  });
  const parsed = schema.safeParse(input.body);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { type: "validation", errors, issues: parsed.error.issues };
  }
  const v = parsed.data;
  const byCode = await hitRateLimit(
    `anon-reserve:ssn:${v.ssn}`,
    ANON_RESERVATION_LIMITS.identityCode.limit,
    ANON_RESERVATION_LIMITS.identityCode.windowSeconds,
  );
  if (!byCode.allowed) return { type: "rateLimited", retryAfterSeconds: byCode.retryAfterSeconds };
  return reserveAppointment(db, {
    reserver: { channel: "anonymous", identityCode: v.ssn, firstName: v.firstName, lastName: v.lastName },
    appointmentId: input.appointmentId,
    careType: "private",
    contactPhone: v.phone,
    contactEmail: v.emailAddress,
    brand: input.brand,
    lang: input.lang,
    now: input.now,
  });
}

/**
 * The anonymous confirmation at the reservation's token (the same as the SMS link). Anyone holding the link sees time
 * and place, as at the clinic door; the browser that made the reservation (`owner`) also sees the professional and
 * the service, without prices. Null for an unknown token.
 */
export async function anonymousConfirmation(
  db: Database,
  token: string,
  input: { owner: boolean; lang: Lang; now: Date },
) {
  const found = await reservationByToken(db, token);
  const appointment = found ? await getFreeAppointment(db, found.appointmentId, input.lang, input.now) : null;
  if (!found || !appointment) return null;
  const summary = input.owner
    ? { ...appointment, practitioner: { ...appointment.practitioner, rateCents: null, additionalFees: [] } }
    : timeAndPlace(appointment);
  return { appointment: summary, active: found.active };
}
