import { useEffect, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import type { FrontPageState } from "./front-page.server";
import { formatDate, formatDateTime, formatRelativeDate } from "~/lib/format";
import { PageTitle } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { NotificationBanner, useToast } from "~/ui/notifications";
import { useBrand, useLang } from "~/ui/root-data";

/** Spec part 1 §2: the 'appointment-cancelled' fragment shows an ok toast for 15 s and is then removed. */
export const APPOINTMENT_CANCELLED_FRAGMENT = "appointment-cancelled";
export const APPOINTMENT_CANCELLED_TOAST_MS = 15_000;

function Section({ id, title, empty, children, isEmpty }: { id: string; title: string; empty: string; children: ReactNode; isEmpty: boolean }) {
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="card__title">
        {title}
      </h2>
      {isEmpty ? <p className="card__empty">{empty}</p> : children}
    </section>
  );
}

export function FrontPage({ state, now }: { state: FrontPageState; now: string }) {
  const t = useT();
  const lang = useLang();
  const brand = useBrand();
  const hydrated = useHydrated();
  const { show } = useToast();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const nowDate = new Date(now);

  useEffect(() => {
    if (!hydrated || hash !== `#${APPOINTMENT_CANCELLED_FRAGMENT}`) return;
    show({ type: "success", message: t("frontPage.appointmentCancelled"), timeoutMs: APPOINTMENT_CANCELLED_TOAST_MS });
    // Remove the fragment so a reload does not show the toast again.
    navigate({ hash: "" }, { replace: true, preventScrollReset: true });
  }, [hydrated, hash, navigate, show, t]);

  return (
    <div className="front-page">
      <PageTitle title={t("frontPage.title")} />
      {/* Without JavaScript the fragment is still honoured: CSS shows this banner when it is the :target. */}
      {!hydrated ? (
        <div id={APPOINTMENT_CANCELLED_FRAGMENT} className="target-only">
          <NotificationBanner type="success">
            <p>{t("frontPage.appointmentCancelled")}</p>
          </NotificationBanner>
        </div>
      ) : null}
      <p className="overline">{t("frontPage.title")}</p>
      <h1>{t("frontPage.greeting", { name: state.customer.firstName })}</h1>
      <p className="lead">{t("frontPage.welcome", { brand: brand?.name })}</p>
      {state.actingFor ? (
        <NotificationBanner type="info" title={t("frontPage.actingForTitle")}>
          <p>{t("frontPage.actingFor", { name: `${state.actingFor.firstName} ${state.actingFor.lastName}` })}</p>
        </NotificationBanner>
      ) : null}
      {state.mfaOnboardingParam ? (
        <NotificationBanner type="info" title={t("frontPage.mfa.title")}>
          <p>{t("frontPage.mfa.body", { phone: state.mfaOnboardingParam.phoneNumber })}</p>
        </NotificationBanner>
      ) : null}

      <div className="card-grid">
        <Section id="appointments" title={t("frontPage.sections.appointments")} empty={t("frontPage.empty.appointments")} isEmpty={!state.appointmentSummaries.length}>
          <ul className="item-list">
            {state.appointmentSummaries.map((a) => (
              <li key={a.id}>
                <strong>{formatDateTime(new Date(a.startsAt), lang)}</strong>
                <span>
                  {a.specialtyName}, {a.practitionerName}
                </span>
                <span className="muted">{a.locationType === "physicalLocation" ? a.clinicName : t(`frontPage.locationType.${a.locationType}`)}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="conversations" title={t("frontPage.sections.conversations")} empty={t("frontPage.empty.conversations")} isEmpty={!state.conversationSummaries.length}>
          <ul className="item-list">
            {state.conversationSummaries.map((c) => (
              <li key={c.id}>
                <strong>
                  {c.title ?? t("frontPage.untitledConversation")}
                  {c.unread ? <span className="tag">{t("frontPage.unread")}</span> : null}
                </strong>
                {c.latestAt ? <span className="muted">{formatRelativeDate(new Date(c.latestAt), nowDate, lang)}</span> : null}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="visits" title={t("frontPage.sections.visits")} empty={t("frontPage.empty.visits")} isEmpty={!state.visitSummaries.length}>
          <ul className="item-list">
            {state.visitSummaries.map((v) => (
              <li key={v.id}>
                <strong>{formatDate(new Date(v.dateTime), lang)}</strong>
                <span>{[v.specialtyName, v.practitionerName].filter(Boolean).join(", ")}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="prescriptions" title={t("frontPage.sections.prescriptions")} empty={t("frontPage.empty.prescriptions")} isEmpty={!state.prescriptions.length}>
          <ul className="item-list">
            {state.prescriptions.map((p) => (
              <li key={p.id}>
                <strong>
                  {p.medicineName}
                  {p.strength ? ` ${p.strength}` : ""}
                </strong>
                <span className="muted">{t("frontPage.issued", { date: formatDate(new Date(`${p.issuedDate}T12:00:00Z`), lang) })}</span>
              </li>
            ))}
          </ul>
          {state.canRenewPrescriptions ? <p className="muted">{t("frontPage.renewable")}</p> : null}
        </Section>

        <Section
          id="lab"
          title={t("frontPage.sections.lab")}
          empty={t("frontPage.empty.lab")}
          isEmpty={!state.labResultSummaries.length && !state.labReferrals.length}
        >
          <ul className="item-list">
            {state.labResultSummaries.map((r) => (
              <li key={r.date}>
                <strong>{t("frontPage.labResults", { date: formatDate(new Date(`${r.date}T12:00:00Z`), lang) })}</strong>
                <span className="muted">{r.isReady ? t("frontPage.ready") : t("frontPage.pending")}</span>
              </li>
            ))}
            {state.labReferrals.map((r) => (
              <li key={`ref-${r.id}`}>
                <strong>{t("frontPage.referral", { title: r.title })}</strong>
                <span className="muted">{t("frontPage.validUntil", { date: formatDate(new Date(`${r.validUntil}T12:00:00Z`), lang) })}</span>
              </li>
            ))}
          </ul>
        </Section>

        {state.questionnaireSummaries.length ? (
          <Section id="tasks" title={t("frontPage.sections.tasks")} empty="" isEmpty={false}>
            <ul className="item-list">
              {state.questionnaireSummaries.map((q) => (
                <li key={q.id}>
                  <strong>{q.title}</strong>
                  <span className="muted">{formatDate(new Date(q.createdAt), lang)}</span>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <Section
          id="imaging"
          title={t("frontPage.sections.imaging")}
          empty={t("frontPage.empty.imaging")}
          isEmpty={!state.imagingSummaries.length && !state.imagingReferrals.length}
        >
          <ul className="item-list">
            {state.imagingSummaries.map((i) => (
              <li key={i.id}>
                <strong>{i.examinationName}</strong>
                <span className="muted">{formatDate(new Date(`${i.imagingDate}T12:00:00Z`), lang)}</span>
              </li>
            ))}
            {state.imagingReferrals.map((r) => (
              <li key={`ref-${r.id}`}>
                <strong>{t("frontPage.referral", { title: r.title })}</strong>
                <span className="muted">{t("frontPage.validUntil", { date: formatDate(new Date(`${r.validUntil}T12:00:00Z`), lang) })}</span>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}
