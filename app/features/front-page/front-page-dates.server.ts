import { formatDate, formatDateTime, formatRelativeDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import type { FrontPageState } from "./front-page.server";

/**
 * The front page as it is shown: every date formatted here, on the server, in place of the raw value (conversations
 * and visits relative to now, spec part 2 §9). The page is the most visited one: formatting code in the browser and
 * each date sent twice (raw and shown) would cost every visit. Calendar days used in links (a day's results) stay.
 */
export function frontPageView(state: FrontPageState, lang: Lang, now: Date) {
  // A calendar day at noon UTC stays the same day in Helsinki.
  const day = (value: string) => formatDate(new Date(`${value}T12:00:00Z`), lang);
  const referral = ({ validUntil, ...r }: FrontPageState["labReferrals"][number]) => ({
    ...r,
    validUntil: day(validUntil),
  });
  return {
    ...state,
    conversationSummaries: state.conversationSummaries.map(({ latestAt, ...c }) => ({
      ...c,
      latest: latestAt ? formatRelativeDate(new Date(latestAt), now, lang) : null,
    })),
    appointmentSummaries: state.appointmentSummaries.map(({ startsAt, ...a }) => ({
      ...a,
      when: formatDateTime(new Date(startsAt), lang),
    })),
    visitSummaries: state.visitSummaries.map(({ dateTime, ...v }) => ({
      ...v,
      when: formatRelativeDate(new Date(dateTime), now, lang),
    })),
    prescriptions: state.prescriptions.map(({ issuedDate, ...p }) => ({ ...p, issued: day(issuedDate) })),
    labResultSummaries: state.labResultSummaries.map((r) => ({ ...r, shown: day(r.date) })),
    labReferrals: state.labReferrals.map(referral),
    questionnaireSummaries: state.questionnaireSummaries.map(({ createdAt, ...q }) => ({
      ...q,
      created: formatDate(new Date(createdAt), lang),
    })),
    imagingSummaries: state.imagingSummaries.map((i) => ({ ...i, shown: day(i.imagingDate) })),
    imagingReferrals: state.imagingReferrals.map(referral),
  };
}

export type FrontPageView = ReturnType<typeof frontPageView>;
