import { Fragment, useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { CsrfField } from "~/ui/csrf-field";
import { Textarea } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";
import { RenewalNotice as RenewalNoticeOnServer } from "./notices";
import { NothingToRenew as NothingToRenewOnServer } from "./nothing-to-renew";
import type { RenewalAnswer, RenewalPage, RenewalPrescription } from "./prescriptions.server";
import {
  RenewalErrorSummary as SummaryOnServer,
  RenewalSendFailed as SendFailedOnServer,
  RenewalSent as SentOnServer,
} from "./renewal-send";
import {
  ANSWER_MAX_LENGTH,
  FOLLOW_UPS,
  OTHER_MEDICINES,
  UNTOUCHED_OMITTED,
  fieldName,
  textFieldNames,
  type RenewalErrors,
  type RenewalValues,
  type YesNo,
} from "./renewal.schema";
import { K, fieldErrorText } from "./renewal-texts";
import { medicineTitle } from "./rules";

// Shown to few (out of use, nothing to renew): loaded when shown.
const RenewalNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? RenewalNoticeOnServer : null, () =>
  import("./notices").then((m) => m.RenewalNotice),
);
const NothingToRenew = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? NothingToRenewOnServer : null, () =>
  import("./nothing-to-renew").then((m) => m.NothingToRenew),
);

// What the page shows once the form is sent — the browser's check before sending, the error summary, the sent
// result, the failed send — is loaded once a field of the form has had focus (as it has before the form is sent: the
// check needs it before the post, so it is there when the answer comes), or when one of them is shown as the page
// loads.
let sendModule: typeof import("./renewal-send") | null = null;
const loadSend = () => import("./renewal-send").then((m) => (sendModule = m));
const SummaryWhenShown = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? SummaryOnServer : null, () =>
  loadSend().then((m) => m.RenewalErrorSummary),
);
const SentWhenShown = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? SentOnServer : null, () =>
  loadSend().then((m) => m.RenewalSent),
);
const SendFailedWhenShown = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? SendFailedOnServer : null, () =>
  loadSend().then((m) => m.RenewalSendFailed),
);

/**
 * The renewal page (spec part 2 §2, §4 "Renewal form"): the form, or the sent result, or why there is nothing to
 * send (maintenance, no prescription to renew). States: filling → sending (the button disabled, "Sending…") →
 * sent (the success box at the top, focused) or failed (the error line at the top; the form stays filled and can
 * be sent again).
 */
export function RenewalView({ page, answer }: { page: RenewalPage; answer: RenewalAnswer | undefined }) {
  const t = useT();
  const { errors, setClientErrors } = useRenewalErrors(answer);
  const prescriptions = page.state === "form" ? page.prescriptions : [];
  const tooLong = answer?.tooLong ?? false;
  const hasErrors = Object.values(errors).some(Boolean) || (tooLong && prescriptions.length > 0);
  const Summary = sendModule?.RenewalErrorSummary ?? SummaryWhenShown;
  const title = t(`${K}.title`);
  const stopped = answer?.failure === "maintenance" || answer?.failure === "unavailable" ? answer.failure : null;

  let body: ReactNode;
  if (page.state === "sent") {
    const Sent = sendModule?.RenewalSent ?? SentWhenShown;
    body = <Sent conversationHref={page.conversationHref} />;
  } else if (stopped) {
    body = <RenewalNotice state={stopped} />;
  } else if (page.state === "maintenance" || page.state === "unavailable") {
    body = <RenewalNotice state={page.state} />;
  } else if (page.state === "none") {
    body = <NothingToRenew left={page.left} />;
  } else {
    body = (
      <>
        {page.left ? (
          <div className="banner renewal-left">
            <p className="banner__title">{t("common.notice.info")}</p>
            <div className="banner__content">
              <p>{t(`${K}.left`, { count: page.left })}</p>
            </div>
          </div>
        ) : null}
        <p className="lead">{t(`${K}.intro`)}</p>
        <RenewalForm
          prescriptions={page.prescriptions}
          requestKey={page.requestKey}
          answer={answer}
          errors={errors}
          onClientErrors={setClientErrors}
        />
      </>
    );
  }

  return (
    <div className="narrow renewal">
      <PageTitle title={title} hasErrors={hasErrors} />
      {hasErrors ? <Summary errors={errors} tooLong={tooLong} prescriptions={prescriptions} /> : null}
      <h1>{title}</h1>
      {body}
      <p>
        <LocalizedLink to="prescriptions">{t(`${K}.toList`)}</LocalizedLink>
      </p>
    </div>
  );
}

/** The errors shown: the browser's check until the server answers again, else the server's. */
function useRenewalErrors(answer: RenewalAnswer | undefined) {
  const [found, setFound] = useState<{ after: RenewalAnswer | undefined; errors: RenewalErrors } | null>(null);
  const errors = found && found.after === answer ? found.errors : (answer?.errors ?? {});
  const setClientErrors = useCallback((next: RenewalErrors) => setFound({ after: answer, errors: next }), [answer]);
  return { errors, setClientErrors };
}

/**
 * The form. Without JavaScript every follow-up is shown, with a hint saying when to answer it, and the form is an
 * ordinary post. Once hydrated a follow-up shows only after the answer that triggers it (GOV.UK's conditional
 * reveal), and Send checks the form first by the same rule as the server — with the text fields that were never
 * typed in left out of the post, so that an untouched field is unanswered and a typed-then-emptied one is an
 * answer (see renewal.schema.ts).
 */
function RenewalForm({
  prescriptions,
  requestKey,
  answer,
  errors,
  onClientErrors,
}: {
  prescriptions: RenewalPrescription[];
  requestKey: string;
  answer: RenewalAnswer | undefined;
  errors: RenewalErrors;
  onClientErrors(errors: RenewalErrors): void;
}) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const values: RenewalValues = answer?.values ?? {};
  const ids = prescriptions.map((p) => p.id);
  const [choices, setChoices] = useState<Record<string, YesNo | undefined>>(() => {
    const initial: Record<string, YesNo | undefined> = {};
    for (const [name, v] of Object.entries(values)) if (v === "yes" || v === "no") initial[name] = v;
    return initial;
  });
  // The text fields typed in (or posted before, so the server has seen them).
  const touched = useRef(new Set(Object.keys(values)));
  const sending = useRef(false);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const failed = answer?.failure === "send";
  const SendFailed = sendModule?.RenewalSendFailed ?? SendFailedWhenShown;
  const missing = Object.values(errors).includes("missing");

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sending.current) return;
    const element = event.currentTarget;
    const form = new FormData(element);
    for (const name of textFieldNames(ids)) if (!touched.current.has(name)) form.delete(name);
    form.set(UNTOUCHED_OMITTED, "1");
    sending.current = true;
    const check = (m: typeof import("./renewal-send")) => {
      const found = m.clientErrors(form, ids);
      onClientErrors(found);
      if (Object.keys(found).length) {
        sending.current = false;
        return;
      }
      void submit(form, { method: "post", action: location.pathname + location.search }).finally(() => {
        sending.current = false;
      });
    };
    if (sendModule) return check(sendModule);
    // Not loaded yet (sent at once): checked when it is, or posted as without JavaScript if it cannot be fetched.
    void loadSend().then(check, () => {
      sending.current = false;
      element.submit();
    });
  }

  const typed = (name: string) => () => touched.current.add(name);
  const choose = (name: string) => (v: YesNo) => setChoices((c) => ({ ...c, [name]: v }));
  const error = (name: string) => {
    const e = errors[name];
    return e ? fieldErrorText(t, e) : undefined;
  };
  const finnish = (text: string) => (lang === "fi" ? text : <span lang="fi">{text}</span>);

  const textAnswer = (name: string, question: string, hint?: string) => (
    <Textarea
      id={name}
      name={name}
      label={question}
      hint={hint}
      error={error(name)}
      rows={3}
      maxLength={ANSWER_MAX_LENGTH}
      defaultValue={values[name]}
      onInput={typed(name)}
    />
  );

  const followUp = (question: keyof typeof FOLLOW_UPS, id: number) =>
    textAnswer(
      fieldName(question, id),
      t(`${K}.questions.${question}`),
      hydrated ? undefined : t(`${K}.followUpHints.${question}`),
    );

  return (
    <Form
      method="post"
      noValidate
      className="renewal-form"
      onSubmit={hydrated ? send : undefined}
      onFocus={hydrated ? () => void loadSend().catch(() => {}) : undefined}
    >
      <CsrfField />
      <input type="hidden" name="requestKey" value={requestKey} />
      {failed ? <SendFailed /> : null}
      {prescriptions.map((p) => (
        <fieldset key={p.id} className="fieldset renewal__prescription" data-prescription={p.id}>
          <legend className="fieldset__legend">
            <h2 className="renewal__medicine">{medicineTitle(p)}</h2>
          </legend>
          {p.dosageGuide || p.usageGuide ? (
            <dl className="renewal__guides">
              {p.dosageGuide ? (
                <div>
                  <dt>{t(`${K}.dosageGuide`)}</dt>
                  <dd>{finnish(p.dosageGuide)}</dd>
                </div>
              ) : null}
              {p.usageGuide ? (
                <div>
                  <dt>{t(`${K}.usageGuide`)}</dt>
                  <dd>{finnish(p.usageGuide)}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {textAnswer(fieldName("why", p.id), t(`${K}.questions.why`))}
          <YesNoQuestion
            name={fieldName("finished", p.id)}
            legend={t(`${K}.questions.finished`)}
            initial={values[fieldName("finished", p.id)]}
            error={error(fieldName("finished", p.id))}
            onChoose={choose(fieldName("finished", p.id))}
            followUp={{
              trigger: FOLLOW_UPS.remaining.trigger,
              shown: !hydrated || choices[fieldName("finished", p.id)] === FOLLOW_UPS.remaining.trigger,
              controls: hydrated,
              content: followUp("remaining", p.id),
            }}
          />
          <YesNoQuestion
            name={fieldName("sideEffects", p.id)}
            legend={t(`${K}.questions.sideEffects`)}
            initial={values[fieldName("sideEffects", p.id)]}
            error={error(fieldName("sideEffects", p.id))}
            onChoose={choose(fieldName("sideEffects", p.id))}
            followUp={{
              trigger: FOLLOW_UPS.sideEffectsWhich.trigger,
              shown: !hydrated || choices[fieldName("sideEffects", p.id)] === FOLLOW_UPS.sideEffectsWhich.trigger,
              controls: hydrated,
              content: followUp("sideEffectsWhich", p.id),
            }}
          />
        </fieldset>
      ))}
      <section className="renewal__general" aria-labelledby="renewal-general">
        <h2 id="renewal-general">{t(`${K}.general`)}</h2>
        {textAnswer(OTHER_MEDICINES, t(`${K}.questions.otherMedicines`))}
      </section>
      <div className="renewal__send">
        {missing ? (
          <p className="field__hint field__hint--error" id="renewal-send-hint">
            {t(`${K}.errors.title`)}
          </p>
        ) : null}
        <button
          type="submit"
          className="button"
          disabled={busy}
          aria-describedby={missing ? "renewal-send-hint" : undefined}
        >
          {busy ? t(`${K}.sending`) : t(`${K}.send`)}
        </button>
        <p className="visually-hidden" role="status">
          {busy ? t(`${K}.sending`) : ""}
        </p>
      </div>
    </Form>
  );
}

/**
 * A yes/no question in a fieldset, with its follow-up right after the answer that triggers it (GOV.UK's
 * conditional reveal): `shown` hides it until then once hydrated; the triggering radio then names it in
 * `aria-controls`.
 */
function YesNoQuestion({
  name,
  legend,
  initial,
  error,
  onChoose,
  followUp,
}: {
  name: string;
  legend: string;
  initial: string | undefined;
  error?: string;
  onChoose(value: YesNo): void;
  followUp: { trigger: YesNo; shown: boolean; controls: boolean; content: ReactNode };
}) {
  const t = useT();
  const conditionalId = `${name}-follow-up`;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <fieldset className="fieldset" aria-describedby={error ? `${name}-error` : undefined}>
        <legend className="fieldset__legend renewal__question">{legend}</legend>
        {error ? (
          <p className="field__error" id={`${name}-error`}>
            <span className="visually-hidden">{t("common.form.errorPrefix")}: </span>
            {error}
          </p>
        ) : null}
        <div className="radios">
          {(["yes", "no"] as const).map((value) => {
            const id = value === "yes" ? name : `${name}-${value}`;
            const triggers = value === followUp.trigger;
            return (
              <Fragment key={value}>
                <div className="radios__item">
                  <input
                    className="radios__input"
                    id={id}
                    name={name}
                    type="radio"
                    value={value}
                    defaultChecked={initial === value}
                    aria-controls={triggers && followUp.controls ? conditionalId : undefined}
                    onChange={() => onChoose(value)}
                  />
                  <label className="radios__label" htmlFor={id}>
                    {t(`${K}.${value}`)}
                  </label>
                </div>
                {triggers ? (
                  <div className="radios__conditional" id={conditionalId} hidden={!followUp.shown}>
                    {followUp.content}
                  </div>
                ) : null}
              </Fragment>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
