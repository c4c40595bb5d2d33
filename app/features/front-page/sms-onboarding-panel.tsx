import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SmsCodeField } from "~/features/session/sms-code-field";
import { smsLoginPhone } from "~/features/session/sms-login";
import { CsrfField } from "~/ui/csrf-field";
import { TextField } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { onboardingError, type OnboardingAnswer, type OnboardingStep } from "./sms-onboarding";

const FADE_MS = 500;

/**
 * SMS login onboarding on the front page (spec part 1 §4, part 2 §2): the phone number, then the four-digit code
 * sent to it, then success, or "Too many retries" after too many attempts. Plain forms to the front page's action
 * without JavaScript; with it, a fetcher keeps the page in place, the confirm button follows the phone rule, and
 * at the end the panel fades out over 500 ms while the result is announced.
 */
export function SmsOnboardingPanel({
  onboarding,
  answer,
}: {
  onboarding: OnboardingStep | null;
  answer: OnboardingAnswer | undefined;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<OnboardingAnswer>();
  const result = fetcher.data ?? answer;
  const final = result?.panel === "mfa-ok" || result?.panel === "too-many-mfa-attempts";
  // The server stops offering the panel once it is done; the last step stays on screen while it fades.
  const [shownStep, setShownStep] = useState(onboarding);
  if (onboarding && onboarding !== shownStep) setShownStep(onboarding);
  const [gone, setGone] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const [phone, setPhone] = useState(onboarding?.step === "phone" ? onboarding.phoneNumber : "");

  useEffect(() => {
    if (!final || !fetcher.data) return;
    const id = setTimeout(() => {
      setGone(true);
      status.current?.focus();
    }, FADE_MS);
    return () => clearTimeout(id);
  }, [final, fetcher.data]);

  const step = shownStep;
  const busy = fetcher.state !== "idle";
  const error = onboardingError(result);
  // With JavaScript nothing reloads, so results and errors are announced here (without it, the page says them).
  const message =
    result?.panel === "mfa-ok"
      ? t("frontPage.mfa.done")
      : result?.panel === "too-many-mfa-attempts"
        ? t("frontPage.mfa.tooMany")
        : result?.panel === "too-many-codes"
          ? t("frontPage.mfa.tooMany")
          : error && fetcher.data
            ? t(error.key)
            : "";
  const visible =
    result?.panel === "mfa-ok" || result?.panel === "too-many-mfa-attempts" || result?.panel === "too-many-codes";

  return (
    <>
      {/* Present from the start, so the result is announced when it is written. */}
      <p ref={status} role="status" tabIndex={-1} className={visible ? "onboarding__result" : "visually-hidden"}>
        {message}
      </p>
      {step && !gone ? (
        <section
          className={`onboarding${final ? " onboarding--closing" : ""}`}
          aria-labelledby="mfa-onboarding-heading"
        >
          <h2 id="mfa-onboarding-heading" className="onboarding__title">
            {t("frontPage.mfa.title")}
          </h2>
          {step.step === "phone" ? (
            <fetcher.Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="mfaPhone" />
              {hydrated ? <input type="hidden" name="js" value="1" /> : null}
              <p>{t("frontPage.mfa.body")}</p>
              <TextField
                id="mfa-phone"
                name="phoneNumber"
                label={t("frontPage.mfa.phoneLabel")}
                hint={t("frontPage.mfa.phoneHint")}
                error={error?.field === "mfa-phone" ? t(error.key) : undefined}
                type="tel"
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                maxLength={40}
              />
              <button
                type="submit"
                className="button"
                // The server checks the same rule; with JavaScript an unusable number cannot be sent at all.
                disabled={hydrated && (busy || !smsLoginPhone(phone))}
              >
                {t("frontPage.mfa.send")}
              </button>
            </fetcher.Form>
          ) : (
            <fetcher.Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="mfaCode" />
              {hydrated ? <input type="hidden" name="js" value="1" /> : null}
              <p>{t("frontPage.mfa.codeSent", { ending: step.ending })}</p>
              <SmsCodeField
                id="mfa-code"
                name="code"
                label={t("frontPage.mfa.codeLabel")}
                hint={t("frontPage.mfa.codeHint")}
                error={error?.field === "mfa-code" ? t(error.key) : undefined}
                checking={busy}
              />
              <p className="button-row">
                <button type="submit" className="button" disabled={busy}>
                  {t("frontPage.mfa.confirm")}
                </button>
              </p>
            </fetcher.Form>
          )}
          {step.step === "code" ? (
            <fetcher.Form method="post">
              <CsrfField />
              {hydrated ? <input type="hidden" name="js" value="1" /> : null}
              <button type="submit" name="intent" value="mfaRestart" className="button button--secondary">
                {t("frontPage.mfa.changePhone")}
              </button>
            </fetcher.Form>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
