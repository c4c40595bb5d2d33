import { Form } from "react-router";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { NotificationBanner } from "~/ui/notifications";
import { SmsCodeForms as SmsCodeFormsOnServer } from "./sms-code-forms";
import type { SmsLoginView } from "./sms-login.server";

// The code is asked for only after switching on: the browser loads its boxes then, starting when the switch is
// pressed.
const loadSmsCodeForms = () => import("./sms-code-forms").then((m) => m.SmsCodeForms);
const SmsCodeForms = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? SmsCodeFormsOnServer : null, loadSmsCodeForms);

/**
 * The SMS login switch of My information (spec part 1 §4): switching on sends a code to the person's own phone at
 * once and asks for it here; switching off removes the verified phone. Plain forms, so it works without JavaScript;
 * with it, the code goes in four boxes that send it at the fourth digit.
 */
export function SmsLoginSection({
  view,
  action,
  error,
  nextAttempt,
}: {
  view: SmsLoginView;
  action: string;
  /** An i18n key from the last post of this section. */
  error?: string;
  /** The time the switch can be tried again, as shown (when locked). */
  nextAttempt?: string;
}) {
  const t = useT();
  const codeError = error === "myInformation.smsLogin.errors.code" ? t(error) : undefined;
  return (
    <section className="sms-login" aria-labelledby="sms-login-heading">
      <h2 id="sms-login-heading">{t("myInformation.smsLogin.heading")}</h2>
      <p className="hint">{t("myInformation.smsLogin.intro")}</p>
      {error && !codeError ? (
        <NotificationBanner type="error">
          <p id="smsLogin">{t(error)}</p>
        </NotificationBanner>
      ) : null}
      {view.type === "enabled" ? (
        <Form method="post" action={action}>
          <CsrfField />
          <p>
            <strong>{t("myInformation.smsLogin.isOn", { ending: view.ending })}</strong>
          </p>
          <button type="submit" name="intent" value="smsLoginDisable" className="button button--secondary">
            {t("myInformation.smsLogin.switchOff")}
          </button>
        </Form>
      ) : view.type === "code-sent" ? (
        <SmsCodeForms action={action} ending={view.ending} error={codeError} />
      ) : view.type === "locked" ? (
        <p>{t("myInformation.smsLogin.locked", { time: nextAttempt ?? "" })}</p>
      ) : (
        <Form method="post" action={action}>
          <CsrfField />
          <p>
            <strong>{t("myInformation.smsLogin.isOff")}</strong>
          </p>
          {view.phoneEnding ? (
            <>
              <p className="hint" id="sms-login-on-hint">
                {t("myInformation.smsLogin.switchOnHint", { ending: view.phoneEnding })}
              </p>
              <button
                type="submit"
                name="intent"
                value="smsLoginEnable"
                className="button"
                aria-describedby="sms-login-on-hint"
                onClick={() => void loadSmsCodeForms()}
              >
                {t("myInformation.smsLogin.switchOn")}
              </button>
            </>
          ) : (
            <p>{t("myInformation.smsLogin.noPhone")}</p>
          )}
        </Form>
      )}
    </section>
  );
}
