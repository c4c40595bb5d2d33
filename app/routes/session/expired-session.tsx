import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/expired-session";
import { requestInfo, sessionState } from "~/.server/context";
import { flashCookie } from "~/.server/flash";
import { resumeWithSmsCode, smsResumePhone } from "~/features/session/second-factor.server";
import { phoneEnding } from "~/features/session/sms-login";
import { CsrfField } from "~/ui/csrf-field";
import { destroySession } from "~/.server/session";
import { env } from "~/.server/env";
import { getLang } from "~/.server/i18n";
import { safeNextPath } from "~/features/session/login-options";
import { href } from "~/route-table";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { TextsHandle } from "~/lib/text-groups";

/** The idle timeout in the largest whole unit, for "over {timeout} {units}" (spec part 1 §8). */
export function timeoutInUnits(seconds: number): { timeout: number; unit: "seconds" | "minutes" | "hours" | "days" } {
  if (seconds % 86400 === 0) return { timeout: seconds / 86400, unit: "days" };
  if (seconds % 3600 === 0) return { timeout: seconds / 3600, unit: "hours" };
  if (seconds % 60 === 0) return { timeout: seconds / 60, unit: "minutes" };
  return { timeout: seconds, unit: "seconds" };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["session.expired", "session.smsCode"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = sessionState(context);
  const info = requestInfo(context);
  const headers = new Headers();
  // A person with SMS login on may resume with a code; otherwise the expired session is ended for good.
  const phone = session.status === "expired" ? await smsResumePhone(session, info.brand, info.environment) : null;
  if (session.status === "expired" && !phone) headers.append("Set-Cookie", await destroySession(session.idHash));
  const next = safeNextPath(new URL(request.url).searchParams.get("next"), href("home", lang));
  return data(
    { next, smsEnding: phone ? phoneEnding(phone) : null, ...timeoutInUnits(env().sessionIdleSeconds) },
    { headers },
  );
}

/** "Order an SMS code": a new session that waits for the code, then the SMS code page. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = sessionState(context);
  const info = requestInfo(context);
  const next = safeNextPath(new URL(request.url).searchParams.get("next"), href("home", lang));
  const resumed =
    session.status === "expired"
      ? await resumeWithSmsCode(session, info.brand, info.environment, {
          brandId: info.brand.id,
          lang,
          clientIp: info.clientIp,
        })
      : null;
  if (!resumed) throw redirect(href("login", lang, {}, { nextPath: next }));
  const headers = new Headers({ "Set-Cookie": resumed.cookie });
  if (!resumed.sent)
    headers.append("Set-Cookie", flashCookie({ type: "error", key: "session.smsCode.errors.tooManyCodes" }));
  throw redirect(href("authentication", lang, {}, { next }), { headers });
}

export default function ExpiredSession({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("session.expired.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p>
        {t("session.expired.body", {
          timeout: loaderData.timeout,
          units: t(`common.units.${loaderData.unit}`, { count: loaderData.timeout }),
        })}
      </p>
      <p>
        <LocalizedLink to="login" query={{ nextPath: loaderData.next }} className="button">
          {t("session.expired.loginAgain")}
        </LocalizedLink>
      </p>
      {loaderData.smsEnding ? (
        <Form method="post">
          <CsrfField />
          <p className="hint" id="sms-resume-hint">
            {t("session.expired.orderSmsCodeHint", { ending: loaderData.smsEnding })}
          </p>
          <button type="submit" className="button button--secondary" aria-describedby="sms-resume-hint">
            {t("session.expired.orderSmsCode")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
