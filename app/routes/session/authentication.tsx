import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/authentication";
import { readForm } from "~/.server/api";
import { requestInfo, sessionState } from "~/.server/context";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { logout } from "~/features/session/login.server";
import { safeNextPath } from "~/features/session/login-options";
import { resendLoginCode, verifyLoginCode } from "~/features/session/second-factor.server";
import { phoneEnding } from "~/features/session/sms-login";
import { SmsCodeField } from "~/features/session/sms-code-field";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { ErrorSummary } from "~/ui/form";
import { useT } from "~/ui/i18n";
import type { RouteHandle } from "~/ui/layout";
import { NotificationBanner } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";

/** The SMS code page (spec part 1 §2): no menu or footer. */
export const handle = {
  i18n: ["session.smsCode"],
  hideNavigation: true,
  hideFooter: true,
} satisfies TextsHandle & RouteHandle;

function waitingSession(context: Route.LoaderArgs["context"], request: Request) {
  const lang = getLang(context);
  const next = safeNextPath(new URL(request.url).searchParams.get("next"), href("home", lang));
  const session = sessionState(context);
  if (session.status === "valid" && session.user) throw redirect(next);
  if (session.status !== "secondFactor") throw redirect(href("login", lang, {}, { nextPath: next }));
  return { session, lang, next };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = waitingSession(context, request);
  return { ending: phoneEnding(session.user.mfaVerifiedPhone ?? "") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, lang, next } = waitingSession(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const headers = new Headers();
  if (intent === "cancel") {
    for (const c of await logout(session.idHash)) headers.append("Set-Cookie", c);
    throw redirect(href("login", lang), { headers });
  }
  if (intent === "resend") {
    const info = requestInfo(context);
    const sent = await resendLoginCode(session, { brandId: info.brand.id, lang, clientIp: info.clientIp });
    if (sent.type !== "sent") return data({ error: "session.smsCode.errors.tooManyCodes" }, { status: 429 });
    headers.append("Set-Cookie", flashCookie({ type: "info", key: "session.smsCode.resent" }));
    throw redirect(href("authentication", lang, {}, { next }), { headers });
  }
  const { result, cookies } = await verifyLoginCode(session, form.get("pin"));
  for (const c of cookies) headers.append("Set-Cookie", c);
  if (result === "mfa-ok") throw redirect(next, { headers });
  if (result === "too-many-mfa-attempts") throw redirect(href("login", lang), { headers });
  return data({ error: "session.smsCode.errors.failed" }, { status: 400 });
}

export default function Authentication({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "verify";
  const error = actionData?.error;
  const codeError = error === "session.smsCode.errors.failed" ? t(error) : undefined;
  const title = t("session.smsCode.title");
  return (
    <div className="narrow">
      <PageTitle title={title} hasErrors={!!error} />
      <ErrorSummary errors={codeError ? [{ id: "pin", message: codeError }] : []} fieldOrder={["pin"]} />
      <h1>{title}</h1>
      <p className="lead">{t("session.smsCode.intro", { ending: loaderData.ending })}</p>
      {error && !codeError ? (
        <NotificationBanner type="error">
          <p>{t(error)}</p>
        </NotificationBanner>
      ) : null}
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="verify" />
        <SmsCodeField
          id="pin"
          name="pin"
          label={t("session.smsCode.label")}
          hint={t("session.smsCode.hint")}
          error={codeError}
          checking={checking}
        />
        <p className="button-row">
          <button type="submit" className="button" disabled={checking}>
            {checking ? t("session.smsCode.checking") : t("session.smsCode.submit")}
          </button>
        </p>
      </Form>
      <h2>{t("session.smsCode.noCodeHeading")}</h2>
      <Form method="post" className="button-row">
        <CsrfField />
        <button type="submit" name="intent" value="resend" className="button button--secondary">
          {t("session.smsCode.resend")}
        </button>
        <button type="submit" name="intent" value="cancel" className="button button--secondary">
          {t("session.smsCode.cancel")}
        </button>
      </Form>
    </div>
  );
}
