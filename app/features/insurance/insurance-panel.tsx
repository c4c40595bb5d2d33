// Rendered inside the reservation page's <Form method="post">. Without JavaScript every part is shown and the
// server decides; once hydrated, parts that do not apply to the current choice are hidden.
import { EVENT_TYPES } from "~/lib/insurance-event";
import { useState, type ReactNode } from "react";
import { Checkbox, Radios } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { formatDate } from "~/lib/format";
import { useLang } from "~/ui/root-data";
import {
  INSURANCE_FIELDS,
  PORTAL_INSURERS,
  POLICY_OWNERS,
  REIMBURSEMENT_CHOICES,
  verifiable,
  type PortalInsurer,
  type ReimbursementChoice,
} from "./insurance-choice";
import type { InsurancePanelState } from "./insurance.server";

function IntentButton({
  intent,
  children,
  secondary = false,
}: {
  intent: string;
  children: ReactNode;
  secondary?: boolean;
}) {
  // formNoValidate: the panel's steps must not be stopped by the browser checking the rest of the booking form.
  return (
    <button
      type="submit"
      name="intent"
      value={`insurance:${intent}`}
      className={secondary ? "button button--secondary" : "button"}
      formNoValidate
    >
      {children}
    </button>
  );
}

/** The insurer selection and verification panel; its buttons post `intent=insurance:…` to the reservation page. */
export function InsurancePanel({ state }: { state: InsurancePanelState }) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const [insurer, setInsurer] = useState<PortalInsurer | null>(state.choice.insurer);
  const [reimbursement, setReimbursement] = useState<ReimbursementChoice | null>(state.choice.reimbursement);
  const [owner, setOwner] = useState<string | null>(state.choice.policyOwner ?? null);
  // A new choice from the server (after a post) replaces the local one, adjusted during render.
  const [shownChoice, setShownChoice] = useState(state.choice);
  if (shownChoice !== state.choice) {
    setShownChoice(state.choice);
    setInsurer(state.choice.insurer);
    setReimbursement(state.choice.reimbursement);
    setOwner(state.choice.policyOwner ?? null);
  }

  const shown = (applies: boolean) => !hydrated || applies;
  const err = (field: string) => (state.errors[field] ? t(state.errors[field]) : undefined);
  const { features, pohjola } = state;
  const verifying = reimbursement === "USE_REIMBURSEMENT" && verifiable(insurer, features);
  // Without JavaScript the server's view of the choice decides which insurer's verification is shown.
  const statusInsurer = hydrated ? insurer : state.choice.insurer;

  return (
    <section className="insurance-panel" aria-labelledby="insurance-heading">
      <h2 id="insurance-heading">{t("insurance.heading")}</h2>
      <p>{t("insurance.intro")}</p>
      <Radios
        name={INSURANCE_FIELDS.insurer}
        legend={t("insurance.insurer.legend")}
        options={PORTAL_INSURERS.map((value) => ({ value, label: t(`insurance.insurers.${value}`) }))}
        defaultValue={state.choice.insurer}
        error={err(INSURANCE_FIELDS.insurer)}
        onChange={(v) => setInsurer(v as PortalInsurer)}
      />
      {shown(insurer !== "OTHER") ? (
        <Radios
          name={INSURANCE_FIELDS.reimbursement}
          legend={t("insurance.reimbursement.legend")}
          hint={t("insurance.reimbursement.hint")}
          options={REIMBURSEMENT_CHOICES.map((value) => ({ value, label: t(`insurance.reimbursement.${value}`) }))}
          defaultValue={state.choice.reimbursement}
          error={err(INSURANCE_FIELDS.reimbursement)}
          onChange={(v) => setReimbursement(v as ReimbursementChoice)}
        />
      ) : null}
      {features.pohjolaCompanyFlow && shown(insurer === "POHJOLA" && reimbursement === "USE_REIMBURSEMENT") ? (
        <>
          <Radios
            name={INSURANCE_FIELDS.policyOwner}
            legend={t("insurance.owner.legend")}
            hint={t("insurance.owner.hint")}
            options={POLICY_OWNERS.map((value) => ({
              value,
              label: t(`insurance.owner.${value}`),
              disabled: value === "company" && state.isRemote,
              hint: value === "company" && state.isRemote ? t("insurance.owner.companyNotForRemote") : undefined,
            }))}
            defaultValue={state.choice.policyOwner}
            error={err(INSURANCE_FIELDS.policyOwner)}
            onChange={setOwner}
          />
          {shown(owner === "company") ? (
            <Radios
              name={INSURANCE_FIELDS.eventType}
              legend={t("insurance.eventType.legend")}
              hint={hydrated ? undefined : t("insurance.eventType.hint")}
              options={EVENT_TYPES.map((value) => ({ value, label: t(`insurance.eventType.${value}`) }))}
              defaultValue={state.choice.eventType}
              error={err(INSURANCE_FIELDS.eventType)}
            />
          ) : null}
        </>
      ) : null}
      <Checkbox
        id={INSURANCE_FIELDS.consent}
        name={INSURANCE_FIELDS.consent}
        label={t("insurance.consent.label")}
        hint={t("insurance.consent.hint")}
        defaultChecked={state.choice.consent}
        error={err(INSURANCE_FIELDS.consent)}
      />
      {shown(verifying) ? (
        <div className="insurance-panel__verification" id="insuranceVerification" tabIndex={-1}>
          <h3>{t("insurance.verification.heading")}</h3>
          {state.errors.insuranceVerification ? (
            <p className="field__error" id="insuranceVerification-error">
              <span className="visually-hidden">{t("common.form.errorPrefix")}: </span>
              {t(state.errors.insuranceVerification)}
            </p>
          ) : null}
          {statusInsurer === "POHJOLA" ? (
            <PohjolaStatus pohjola={pohjola} />
          ) : statusInsurer === "LAHITAPIOLA" && features.lahitapiolaFlow ? (
            <LahiTapiolaStatus state={state} permitError={err(INSURANCE_FIELDS.permit)} lang={lang} />
          ) : !hydrated ? (
            <div>
              <p>{t("insurance.verification.noJsIntro")}</p>
              <div className="button-row">
                <IntentButton intent="verify">{t("insurance.verification.verify")}</IntentButton>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function PohjolaStatus({ pohjola }: { pohjola: InsurancePanelState["pohjola"] }) {
  const t = useT();
  switch (pohjola.status) {
    case "found":
      return (
        <div role="status">
          <p className="notice-text">{t("insurance.pohjola.found")}</p>
          {pohjola.productName ? (
            <p>{t("insurance.pohjola.product", { name: pohjola.productName, policyId: pohjola.policyId })}</p>
          ) : null}
          {pohjola.coverages.length ? (
            <ul>
              {pohjola.coverages.map((c) => (
                <li key={c.id}>
                  {c.name}
                  {c.terms.length ? `: ${c.terms.map((term) => term.name).join(", ")}` : null}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="button-row">
            <IntentButton intent="reset" secondary>
              {t("insurance.verification.startAgain")}
            </IntentButton>
          </div>
        </div>
      );
    case "not_found":
    case "error":
      return (
        <div role="status">
          <p className="notice-text">
            {t(pohjola.status === "error" ? "insurance.pohjola.error" : "insurance.pohjola.notFound")}
          </p>
          <p>{t(pohjola.status === "error" ? "insurance.pohjola.errorHint" : "insurance.pohjola.notFoundHint")}</p>
          <div className="button-row">
            <IntentButton intent="verify">{t("insurance.verification.retry")}</IntentButton>
            <IntentButton intent="cancel" secondary>
              {t("insurance.verification.skip")}
            </IntentButton>
          </div>
        </div>
      );
    case "canceled":
      return (
        <div role="status">
          <p>{t("insurance.pohjola.canceled")}</p>
          <div className="button-row">
            <IntentButton intent="verify">{t("insurance.verification.verify")}</IntentButton>
          </div>
        </div>
      );
    default:
      return (
        <div>
          <p>{t("insurance.pohjola.intro")}</p>
          <div className="button-row">
            <IntentButton intent="verify">{t("insurance.verification.verify")}</IntentButton>
            <IntentButton intent="cancel" secondary>
              {t("insurance.verification.skip")}
            </IntentButton>
          </div>
        </div>
      );
  }
}

function LahiTapiolaStatus({
  state,
  permitError,
  lang,
}: {
  state: InsurancePanelState;
  permitError?: string;
  lang: "fi" | "sv" | "en";
}) {
  const t = useT();
  const { status, permits, applyPermitHref } = state.lahitapiola;
  const apply = (
    <a className="button button--secondary" href={applyPermitHref}>
      {t("insurance.lahitapiola.apply")}
    </a>
  );
  const again = (label = "insurance.verification.retry") => <IntentButton intent="verify">{t(label)}</IntentButton>;
  const restart = (
    <IntentButton intent="reset" secondary>
      {t("insurance.verification.startAgain")}
    </IntentButton>
  );
  switch (status) {
    case "insurance_found_with_permits":
      return (
        <div>
          <Radios
            name={INSURANCE_FIELDS.permit}
            legend={t("insurance.lahitapiola.permitsLegend")}
            options={permits.map((p) => ({
              value: p.contentHash,
              label: t("insurance.lahitapiola.permit", { symptom: p.symptom, bodyPart: p.bodyPart }),
              hint: t("insurance.lahitapiola.validTo", { date: formatDate(new Date(`${p.validTo}T12:00:00Z`), lang) }),
            }))}
            defaultValue={state.choice.permit}
            error={permitError}
          />
          <div className="button-row">
            <IntentButton intent="remove-permit" secondary>
              {t("insurance.lahitapiola.removePermit")}
            </IntentButton>
            {apply}
          </div>
        </div>
      );
    case "insurance_found_no_permits":
      return (
        <div role="status">
          <p className="notice-text">{t("insurance.lahitapiola.noPermits")}</p>
          <p>{t("insurance.lahitapiola.noPermitsHint")}</p>
          <div className="button-row">
            {apply}
            {restart}
          </div>
        </div>
      );
    case "insurance_not_found":
    case "denied":
    case "canceled":
    case "error":
    case "underage_customer":
      return (
        <div role="status">
          <p className="notice-text">{t(`insurance.lahitapiola.${status}`)}</p>
          <p>{t(`insurance.lahitapiola.${status}Hint`)}</p>
          <div className="button-row">
            {status === "underage_customer" ? (
              restart
            ) : (
              <>
                {again(status === "canceled" ? "insurance.verification.tryAgain" : "insurance.verification.retry")}
                {status === "insurance_not_found" || status === "error" ? null : restart}
              </>
            )}
          </div>
        </div>
      );
    default:
      return (
        <div>
          <p>{t("insurance.lahitapiola.intro")}</p>
          <div className="button-row">{again("insurance.verification.verify")}</div>
        </div>
      );
  }
}
