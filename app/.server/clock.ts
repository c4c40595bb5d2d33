/**
 * The one source of "now" for the product's rules, so tests (and the demo) can fix time.
 * `CLOCK_NOW` (an ISO instant) fixes it for a whole process, e.g. an e2e run.
 */
let fixed: Date | null = process.env.CLOCK_NOW ? new Date(process.env.CLOCK_NOW) : null;

export function now(): Date {
  return fixed ? new Date(fixed) : new Date();
}

export function setNow(date: Date | null) {
  fixed = date ? new Date(date) : null;
}
