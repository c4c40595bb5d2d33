import { Form, useNavigation } from "react-router";
import { SmsCodeField } from "~/features/session/sms-code-field";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";

/**
 * The SMS login switch while its code is awaited (sms-login-section.tsx): the code sent to the phone ending in
 * `ending`, in boxes once hydrated, or cancelling the switch.
 */
export function SmsCodeForms({ action, ending, error }: { action: string; ending: string; error?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "smsLoginVerify";
  return (
    <>
      <Form method="post" action={action}>
        <CsrfField />
        <input type="hidden" name="intent" value="smsLoginVerify" />
        <p>{t("myInformation.smsLogin.codeSent", { ending })}</p>
        <SmsCodeField
          id="smsCode"
          name="smsCode"
          label={t("myInformation.smsLogin.codeLabel")}
          hint={t("myInformation.smsLogin.codeHint")}
          error={error}
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
  );
}
