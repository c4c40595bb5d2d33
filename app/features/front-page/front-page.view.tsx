import { useEffect, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import type { FrontPageView } from "./front-page-dates.server";
import type { RouteId } from "~/route-table";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { NotificationBanner, useToast } from "~/ui/notifications";
import { useBrand } from "~/ui/root-data";
import { ErrorSummary } from "~/ui/form";
import { lazyPart } from "~/ui/lazy-part";
import { SmsOnboardingPanel as PanelOnServer } from "./sms-onboarding-panel";
import { ONBOARDING_FIELDS, onboardingError, type OnboardingAnswer, type OnboardingStep } from "./sms-onboarding";

// Offered to few, and only until SMS login is on: the browser loads the panel when it is shown.
const SmsOnboardingPanel = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? PanelOnServer : null, () =>
  import("./sms-onboarding-panel").then((m) => m.SmsOnboardingPanel),
);

/** Spec part 1 §2: the 'appointment-cancelled' fragment shows an ok toast for 15 s and is then removed. */
export const APPOINTMENT_CANCELLED_FRAGMENT = "appointment-cancelled";
export const APPOINTMENT_CANCELLED_TOAST_MS = 15_000;

function Section({
  id,
  title,
  empty,
  children,
  isEmpty,
  footer,
  showAll,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode;
  isEmpty: boolean;
  footer?: ReactNode;
  /** The section's list page, once that page exists. */
  showAll?: RouteId;
}) {
  const t = useT();
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="card__title">
        {title}
      </h2>
      {isEmpty ? <p className="card__empty">{empty}</p> : <ul className="item-list">{children}</ul>}
      {footer}
      {showAll ? (
        <p className="card__more">
          <LocalizedLink to={showAll}>{t("frontPage.showAll", { section: title.toLowerCase() })}</LocalizedLink>
        </p>
      ) : null}
    </section>
  );
}

function Item({ title, detail, note }: { title: ReactNode; detail?: string; note?: string }) {
  return (
    <li>
      <strong>{title}</strong>
      {detail ? <span>{detail}</span> : null}
      {note ? <span className="muted">{note}</span> : null}
    </li>
  );
}

function ReferralItems({
  referrals,
  page,
}: {
  referrals: FrontPageView["labReferrals"];
  page: "labReferral" | "imagingReferral";
}) {
  const t = useT();
  return referrals.map((r) => (
    <Item
      key={`referral-${r.id}`}
      title={
        <LocalizedLink to={page} params={{ id: r.id }}>
          {t("frontPage.referral", { title: r.title })}
        </LocalizedLink>
      }
      note={t("frontPage.validUntil", { date: r.validUntil })}
    />
  ));
}

/** The front page; its dates come formatted from the server (`frontPageView`). */
export function FrontPage({
  state,
  onboarding,
  onboardingAnswer,
  conversationPages = false,
  certificatePages = false,
  questionnairePages = false,
}: {
  state: FrontPageView;
  onboarding: OnboardingStep | null;
  onboardingAnswer: OnboardingAnswer | undefined;
  /** Whether the conversation pages exist for this customer (brand and feature flag). */
  conversationPages?: boolean;
  /** Whether the brand has the certificates page. */
  certificatePages?: boolean;
  /** Whether the brand has the questionnaire pages. */
  questionnairePages?: boolean;
}) {
  const t = useT();
  const brand = useBrand();
  const hydrated = useHydrated();
  const { show } = useToast();
  const { hash } = useLocation();
  const navigate = useNavigate();
  // Without JavaScript the panel's error comes with the page and is summarised above the heading.
  const panelError = onboardingError(onboardingAnswer);
  // Once offered, the panel stays while the page does: its last step fades out and is announced by the panel itself.
  const offered = !!(onboarding || onboardingAnswer);
  const [panelShown, setPanelShown] = useState(offered);
  if (offered && !panelShown) setPanelShown(true);

  useEffect(() => {
    if (!hydrated || hash !== `#${APPOINTMENT_CANCELLED_FRAGMENT}`) return;
    show({ type: "success", message: t("frontPage.appointmentCancelled"), timeoutMs: APPOINTMENT_CANCELLED_TOAST_MS });
    // Remove the fragment so a reload does not show the toast again.
    navigate({ hash: "" }, { replace: true, preventScrollReset: true });
  }, [hydrated, hash, navigate, show, t]);

  return (
    <div className="front-page">
      <PageTitle title={t("frontPage.title")} hasErrors={!!panelError} />
      <ErrorSummary
        errors={panelError ? [{ id: panelError.field, message: t(panelError.key) }] : []}
        fieldOrder={ONBOARDING_FIELDS}
      />
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
      {panelShown ? <SmsOnboardingPanel onboarding={onboarding} answer={onboardingAnswer} /> : null}

      <div className="card-grid">
        {/* The spec's order (part 1 §2): conversations first, then appointments. */}
        <Section
          id="conversations"
          title={t("frontPage.sections.conversations")}
          empty={t("frontPage.empty.conversations")}
          isEmpty={!state.conversationSummaries.length}
          showAll={conversationPages ? "conversations" : undefined}
        >
          {state.conversationSummaries.map((c) => (
            <Item
              key={c.id}
              title={
                <>
                  {conversationPages ? (
                    <LocalizedLink to="conversation" params={{ threadId: c.id }}>
                      {c.title ?? t("frontPage.untitledConversation")}
                    </LocalizedLink>
                  ) : (
                    (c.title ?? t("frontPage.untitledConversation"))
                  )}
                  {c.unread ? <span className="tag">{t("frontPage.unread")}</span> : null}
                </>
              }
              note={c.latest ?? undefined}
            />
          ))}
        </Section>

        <Section
          id="appointments"
          title={t("frontPage.sections.appointments")}
          empty={t("frontPage.empty.appointments")}
          isEmpty={!state.appointmentSummaries.length}
          showAll="appointments"
        >
          {state.appointmentSummaries.map((a) => (
            <Item
              key={a.id}
              title={
                <LocalizedLink to="appointment" params={{ ids: a.id }}>
                  {a.when}
                </LocalizedLink>
              }
              detail={`${a.specialtyName}, ${a.practitionerName}`}
              note={
                a.locationType === "physicalLocation" ? a.clinicName : t(`frontPage.locationType.${a.locationType}`)
              }
            />
          ))}
        </Section>

        <Section
          id="visits"
          title={t("frontPage.sections.visits")}
          empty={t("frontPage.empty.visits")}
          isEmpty={!state.visitSummaries.length}
          showAll="visits"
        >
          {state.visitSummaries.map((v) => (
            <Item
              key={v.id}
              title={
                <LocalizedLink to="visit" params={{ visitId: v.id }}>
                  {v.when}
                </LocalizedLink>
              }
              detail={[v.specialtyName, v.practitionerName].filter(Boolean).join(", ")}
            />
          ))}
        </Section>

        <Section
          id="prescriptions"
          title={t("frontPage.sections.prescriptions")}
          empty={t("frontPage.empty.prescriptions")}
          isEmpty={!state.prescriptions.length}
          showAll="prescriptions"
          footer={
            state.canRenewPrescriptions ? (
              <p>
                <LocalizedLink to="prescriptions">{t("frontPage.renew")}</LocalizedLink>
              </p>
            ) : null
          }
        >
          {state.prescriptions.map((p) => (
            <Item
              key={p.id}
              title={`${p.medicineName}${p.strength ? ` ${p.strength}` : ""}`}
              note={t("frontPage.issued", { date: p.issued })}
            />
          ))}
        </Section>

        <Section
          id="lab"
          title={t("frontPage.sections.lab")}
          empty={t("frontPage.empty.lab")}
          isEmpty={!state.labResultSummaries.length && !state.labReferrals.length}
          showAll="laboratory"
        >
          {state.labResultSummaries.map((r) => (
            <Item
              key={r.date}
              title={
                <LocalizedLink to="labResult" params={{ date: r.date }}>
                  {t("frontPage.labResults", { date: r.shown })}
                </LocalizedLink>
              }
              note={r.isReady ? t("frontPage.ready") : t("frontPage.pending")}
            />
          ))}
          <ReferralItems referrals={state.labReferrals} page="labReferral" />
        </Section>

        {state.questionnaireSummaries.length ? (
          <Section
            id="tasks"
            title={t("frontPage.sections.tasks")}
            empty=""
            isEmpty={false}
            showAll={questionnairePages ? "questionnaireList" : undefined}
          >
            {state.questionnaireSummaries.map((q) => (
              <Item
                key={q.id}
                title={
                  questionnairePages ? (
                    <LocalizedLink to="questionnaire" params={{ id: q.id }}>
                      {q.title}
                    </LocalizedLink>
                  ) : (
                    q.title
                  )
                }
                note={q.created}
              />
            ))}
          </Section>
        ) : null}

        <Section
          id="imaging"
          title={t("frontPage.sections.imaging")}
          empty={t("frontPage.empty.imaging")}
          isEmpty={!state.imagingUnavailable && !state.imagingSummaries.length && !state.imagingReferrals.length}
          showAll="imaging"
        >
          {state.imagingUnavailable ? (
            <li>{t("frontPage.temporarilyUnavailable")}</li>
          ) : (
            state.imagingSummaries.map((i) => (
              <Item
                key={i.id}
                title={
                  <LocalizedLink to="imagingResult" params={{ date: i.imagingDate }}>
                    {i.examinationName}
                  </LocalizedLink>
                }
                note={i.shown}
              />
            ))
          )}
          <ReferralItems referrals={state.imagingReferrals} page="imagingReferral" />
        </Section>
      </div>
      <nav className="front-page__more" aria-label={t("frontPage.moreLabel")}>
        <ul>
          <li>
            <LocalizedLink to="invoices">{t("frontPage.invoices")}</LocalizedLink>
          </li>
          {certificatePages ? (
            <li>
              <LocalizedLink to="certificates">{t("frontPage.certificates")}</LocalizedLink>
            </li>
          ) : null}
          <li>
            <LocalizedLink to="vaccinations">{t("frontPage.vaccinations")}</LocalizedLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
