import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { formatDate, helsinkiToday } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { daysBetween, referralStatus, validityHint, type ReferralStatus, type ValidityHint } from "./rules";

// Laboratory and imaging referrals (spec part 2 §3 "Imaging, laboratory, referrals"): the same shape, told apart by
// their type. Dates are formatted here, so the pages' scripts need no date code for them.

export type ReferralType = (typeof s.referrals.$inferSelect)["type"];

/** A referral as its list shows it. */
export type ReferralSummary = {
  id: number;
  title: string;
  createdOn: string;
  validUntil: string;
  status: ReferralStatus;
  /** How soon a valid referral runs out, when it does within 30 days. */
  hint: ValidityHint | null;
};

/** A referral's own page: the summary plus what only the page shows. */
export type ReferralDetails = ReferralSummary & {
  /** Written in Finnish only (spec part 2 §3). */
  description: string | null;
  patientInstructionsUrl: string | null;
  practitioner: { id: string; name: string; title: string; pictureUrl: string | null } | null;
};

/** A calendar day (YYYY-MM-DD) as the portal shows dates; noon UTC is the same day in Helsinki. */
export function dayText(isoDay: string, lang: Lang): string {
  return formatDate(new Date(`${isoDay}T12:00:00Z`), lang);
}

type ReferralRow = { id: number; title: string; createdOn: string; validUntil: string };

/**
 * The list's order: referrals still valid first (the ones a person can act on), then those no longer valid; within
 * each, the newest first (by creation day, then by id).
 */
export function orderReferrals<R extends ReferralRow>(rows: readonly R[], now: Date): R[] {
  const today = helsinkiToday(now);
  const valid = (r: R) => (daysBetween(today, r.validUntil) >= 0 ? 0 : 1);
  return [...rows].sort(
    (a, b) => valid(a) - valid(b) || (a.createdOn < b.createdOn ? 1 : a.createdOn > b.createdOn ? -1 : b.id - a.id),
  );
}

function summary(row: ReferralRow, now: Date, lang: Lang): ReferralSummary {
  return {
    id: row.id,
    title: row.title,
    createdOn: dayText(row.createdOn, lang),
    validUntil: dayText(row.validUntil, lang),
    status: referralStatus(row.validUntil, now),
    hint: validityHint(row.validUntil, now, lang),
  };
}

/** The person's referrals of one type, in the list's order. */
export async function listReferrals(
  db: Database,
  personId: string,
  type: ReferralType,
  now: Date,
  lang: Lang,
): Promise<ReferralSummary[]> {
  const rows = await db
    .select({
      id: s.referrals.id,
      title: s.referrals.title,
      createdOn: s.referrals.createdOn,
      validUntil: s.referrals.validUntil,
    })
    .from(s.referrals)
    .where(and(eq(s.referrals.personId, personId), eq(s.referrals.type, type)));
  return orderReferrals(rows, now).map((r) => summary(r, now, lang));
}

/** Only web addresses become links: anything else in the field is not shown. */
function webAddress(value: string | null): string | null {
  return value && /^https?:\/\/[^\s]+$/i.test(value) ? value : null;
}

/** One of the person's referrals of the given type; null for another person's, another type's or a missing one. */
export async function findReferral(
  db: Database,
  personId: string,
  type: ReferralType,
  id: number,
  now: Date,
  lang: Lang,
): Promise<ReferralDetails | null> {
  const title =
    lang === "sv" ? s.practitioners.titleSv : lang === "en" ? s.practitioners.titleEn : s.practitioners.titleFi;
  const [row] = await db
    .select({
      id: s.referrals.id,
      title: s.referrals.title,
      createdOn: s.referrals.createdOn,
      validUntil: s.referrals.validUntil,
      description: s.referrals.description,
      patientInstructionsUrl: s.referrals.patientInstructionsUrl,
      practitionerId: s.practitioners.id,
      practitionerName: s.practitioners.name,
      practitionerTitle: title,
      pictureUrl: s.practitioners.pictureUrl,
    })
    .from(s.referrals)
    .leftJoin(s.practitioners, eq(s.practitioners.id, s.referrals.practitionerId))
    .where(and(eq(s.referrals.id, id), eq(s.referrals.personId, personId), eq(s.referrals.type, type)))
    .limit(1);
  if (!row) return null;
  return {
    ...summary(row, now, lang),
    description: row.description?.trim() || null,
    patientInstructionsUrl: webAddress(row.patientInstructionsUrl),
    practitioner:
      row.practitionerId && row.practitionerName
        ? {
            id: row.practitionerId,
            name: row.practitionerName,
            title: row.practitionerTitle ?? "",
            pictureUrl: webAddress(row.pictureUrl) ?? (row.pictureUrl?.startsWith("/") ? row.pictureUrl : null),
          }
        : null,
  };
}
