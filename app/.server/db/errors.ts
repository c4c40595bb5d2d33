/** The partial unique index that allows one active reservation per appointment (schema/catalogue.ts). */
export const ONE_ACTIVE_PER_APPOINTMENT = "reservations_one_active_per_appointment";

/**
 * Whether the one-active-reservation index refused a write: SQLSTATE 23505 on that index, as node-postgres and
 * PGlite report it (possibly wrapped by Drizzle). Booking and taking an offered earlier time both meet it.
 */
export function isOneActiveViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (
      e.code === "23505" &&
      (e.constraint === ONE_ACTIVE_PER_APPOINTMENT || String(e.message ?? "").includes(ONE_ACTIVE_PER_APPOINTMENT))
    )
      return true;
  }
  return false;
}
