import { formatDate, formatDateTime, formatRelativeDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import type { FrontPageState } from "./front-page.server";

/** How a front-page date is shown: date and time, date, a calendar day (YYYY-MM-DD), or relative to now. */
export type DateKind = "dateTime" | "date" | "day" | "relative";

/**
 * The front page's dates as the page shows them, formatted here rather than in the browser: the page is the
 * most visited one, and the formatting code would otherwise be in every visit's scripts. Keyed `<kind>:<value>`.
 */
export function frontPageDates(state: FrontPageState, lang: Lang, now: Date): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (kind: DateKind, value: string, shown: string) => (out[`${kind}:${value}`] = shown);
  // A calendar day at noon UTC stays the same day in Helsinki.
  const day = (value: string) => add("day", value, formatDate(new Date(`${value}T12:00:00Z`), lang));
  for (const a of state.appointmentSummaries) add("dateTime", a.startsAt, formatDateTime(new Date(a.startsAt), lang));
  for (const c of state.conversationSummaries)
    if (c.latestAt) add("relative", c.latestAt, formatRelativeDate(new Date(c.latestAt), now, lang));
  for (const v of state.visitSummaries) add("date", v.dateTime, formatDate(new Date(v.dateTime), lang));
  for (const q of state.questionnaireSummaries) add("date", q.createdAt, formatDate(new Date(q.createdAt), lang));
  for (const p of state.prescriptions) day(p.issuedDate);
  for (const r of state.labResultSummaries) day(r.date);
  for (const r of [...state.labReferrals, ...state.imagingReferrals]) day(r.validUntil);
  for (const i of state.imagingSummaries) day(i.imagingDate);
  return out;
}
