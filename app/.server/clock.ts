/**
 * The one source of "now" for the product's rules, so tests (and the demo) can set time.
 * `CLOCK_NOW` (an ISO instant) starts a whole process's clock at that instant, and time runs on from there
 * (sessions still expire and check-in windows still open), e.g. to run the e2e suite at a chosen time of day.
 * Tests that need time to stand still use `setNow`.
 */
const startedAt = Date.now();
const configured = process.env.CLOCK_NOW ? new Date(process.env.CLOCK_NOW).getTime() : NaN;
const offset = Number.isNaN(configured) ? 0 : configured - startedAt;
let fixed: Date | null = null;

export function now(): Date {
  return fixed ? new Date(fixed) : new Date(Date.now() + offset);
}

export function setNow(date: Date | null) {
  fixed = date ? new Date(date) : null;
}
