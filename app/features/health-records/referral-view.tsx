import type { ReactNode } from "react";
import { PractitionerAvatar } from "~/ui/practitioner-avatar";
import type { T } from "~/lib/translate";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { useBrand, useLang } from "~/ui/root-data";
import type { ReferralDetails, ReferralSummary } from "./referrals.server";
import type { ValidityHint } from "./rules";

// Laboratory and imaging referrals look the same (spec part 2 §3): the list section and the referral's page. Texts in
// the "referrals" namespace, which both pages declare.

/** "Expires today", "Expires tomorrow, Saturday", "Expires in about 3 weeks", "Expires on 25 November 2026". */
export function validityHintText(hint: ValidityHint, t: T): string {
  switch (hint.kind) {
    case "today":
      return t("referrals.hint.today");
    case "tomorrow":
      return t("referrals.hint.tomorrow", { weekday: hint.weekday });
    case "weeks":
      return t("referrals.hint.weeks", { count: hint.weeks });
    case "date":
      return t("referrals.hint.date", { date: hint.date });
  }
}

/** "Valid until 15.12.2026" or "Not valid": the state in words. */
export function validityText(referral: Pick<ReferralSummary, "status" | "validUntil">, t: T): string {
  return referral.status === "valid"
    ? t("referrals.validUntil", { date: referral.validUntil })
    : t("referrals.notValid");
}

/** The referrals section of the laboratory or imaging page. */
export function ReferralsSection({
  referrals,
  page,
}: {
  referrals: ReferralSummary[];
  page: "labReferral" | "imagingReferral";
}) {
  const t = useT();
  return (
    <section className="card health-section" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading" className="card__title">
        {t("referrals.heading")}
      </h2>
      {referrals.length === 0 ? (
        <p className="card__empty">{t("referrals.empty")}</p>
      ) : (
        <ul className="item-list">
          {referrals.map((r) => (
            <li key={r.id} data-referral={r.id}>
              <LocalizedLink to={page} params={{ id: r.id }} className="item-list__title">
                {r.title}
              </LocalizedLink>
              <span className="muted">{t("referrals.created", { date: r.createdOn })}</span>
              <span>
                {r.status === "valid" ? validityText(r, t) : <strong>{validityText(r, t)}</strong>}
                {r.hint ? " " : null}
                {r.hint ? <strong className="referral__hint">{validityHintText(r.hint, t)}</strong> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A referral's page: its title, state, dates, practitioner, description (Finnish only, and said so in the other
 * languages), the patient instructions, anything the type adds (`children`), and the way back to the list.
 */
export function ReferralPage({
  referral,
  kind,
  back,
  children,
}: {
  referral: ReferralDetails;
  /** "Laboratory referral", "Imaging referral". */
  kind: string;
  back: { to: "laboratory" | "imaging"; label: string };
  children?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const brand = useBrand();
  const valid = referral.status === "valid";
  return (
    <div className="narrow-wide referral">
      <p className="overline">{kind}</p>
      <h1>{referral.title}</h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("referrals.details.status")}</dt>
          <dd>
            {valid ? t("referrals.details.valid") : <strong>{t("referrals.details.notValid")}</strong>}
            {referral.hint ? " " : null}
            {referral.hint ? <strong className="referral__hint">{validityHintText(referral.hint, t)}</strong> : null}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("referrals.details.validUntil")}</dt>
          <dd>{referral.validUntil}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("referrals.details.created")}</dt>
          <dd>{referral.createdOn}</dd>
        </div>
        {referral.practitioner ? (
          <div className="summary-list__row">
            <dt>{t("referrals.details.practitioner")}</dt>
            <dd>
              <div className="practitioner">
                <PractitionerAvatar practitioner={referral.practitioner} brandId={brand?.id} />
                <div>
                  <strong>{referral.practitioner.name}</strong>
                  {referral.practitioner.title ? (
                    <>
                      <br />
                      <span className="muted">{referral.practitioner.title}</span>
                    </>
                  ) : null}
                </div>
              </div>
            </dd>
          </div>
        ) : null}
      </dl>
      {referral.description ? (
        <section aria-labelledby="referral-description">
          <h2 id="referral-description">{t("referrals.details.description")}</h2>
          {lang === "fi" ? null : <p className="muted">{t("referrals.details.inFinnish")}</p>}
          <p lang="fi" className="referral__description">
            {referral.description}
          </p>
        </section>
      ) : null}
      {referral.patientInstructionsUrl || children ? (
        <ul className="link-list">
          {referral.patientInstructionsUrl ? (
            <li>
              <a href={referral.patientInstructionsUrl}>{t("referrals.details.instructions")}</a>
            </li>
          ) : null}
          {children}
        </ul>
      ) : null}
      <p>
        <LocalizedLink to={back.to}>{back.label}</LocalizedLink>
      </p>
    </div>
  );
}
