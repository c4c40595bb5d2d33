import { Form, useNavigation } from "react-router";
import { SmsCodeField } from "~/features/session/sms-code-field";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { NotificationBanner } from "~/ui/notifications";
import type { SmsLoginView } from "./sms-login.server";

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
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "smsLoginVerify";
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
        <>
          <Form method="post" action={action}>
            <CsrfField />
            <input type="hidden" name="intent" value="smsLoginVerify" />
            <p>{t("myInformation.smsLogin.codeSent", { ending: view.ending })}</p>
            <SmsCodeField
              id="smsCode"
              name="smsCode"
              label={t("myInformation.smsLogin.codeLabel")}
              hint={t("myInformation.smsLogin.codeHint")}
              error={codeError}
              checking={checking}
            />
            <p className="button-row">
              <button type="submit" className="button" disabled={checking}>
                {t("myInformation.smsLogin.confirm")}
              </button>
            </p>
          </Form>
          <Form method="post" action={action}>
            <CsrfField />
            <button type="submit" name="intent" value="smsLoginCancel" className="button button--secondary">
              {t("myInformation.smsLogin.cancel")}
            </button>
          </Form>
        </>
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
