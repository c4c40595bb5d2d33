import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/sessions";
import { readForm } from "~/.server/api";
import { db } from "~/.server/db/client";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import {
  activeSessions,
  endAllOtherSessions,
  endOtherSession,
  idleMinutes,
} from "~/features/my-information/sessions.server";
import { requireUser } from "~/.server/guards";
import { formatDateTime } from "~/lib/format";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";

export const handle = { i18n: ["myInformation.sessions", "myInformation.saved"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  return { sessions: await activeSessions(db(), session), idleMinutes: idleMinutes() };
}

/** Ends one other session (`intent=end`, `session=<handle>`) or all others (`intent=endAll`). */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const form = await readForm(request);
  const intent = form.get("intent");
  let key: string;
  if (intent === "end") {
    const target = form.get("session");
    if (typeof target !== "string" || !(await endOtherSession(db(), session, target)))
      throw data(null, { status: 404 });
    key = "myInformation.saved.sessionEnded";
  } else if (intent === "endAll") {
    await endAllOtherSessions(db(), session);
    key = "myInformation.saved.sessionsEnded";
  } else throw data(null, { status: 400 });
  throw redirect(href("myInformationSessions", lang), {
    headers: { "Set-Cookie": flashCookie({ type: "success", key }) },
  });
}

export default function Sessions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const title = t("myInformation.sessions.title");
  const others = loaderData.sessions.filter((s) => !s.current);
  const device = (s: (typeof loaderData.sessions)[number]) =>
    s.browser && s.system
      ? t("myInformation.sessions.browserOn", { browser: s.browser, system: s.system })
      : (s.browser ?? s.system ?? t("myInformation.sessions.unknownBrowser"));
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t("myInformation.sessions.intro", { minutes: loaderData.idleMinutes })}</p>
      <table className="table">
        <caption className="visually-hidden">{t("myInformation.sessions.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("myInformation.sessions.device")}</th>
            <th scope="col">{t("myInformation.sessions.started")}</th>
            <th scope="col">{t("myInformation.sessions.lastUsed")}</th>
            <td />
          </tr>
        </thead>
        <tbody>
          {loaderData.sessions.map((s) => {
            const started = formatDateTime(new Date(s.startedAt), lang);
            return (
              <tr key={s.id} data-session={s.current ? "current" : "other"}>
                <th scope="row">
                  {device(s)}
                  {s.current ? <span className="tag">{t("myInformation.sessions.thisDevice")}</span> : null}
                </th>
                <td>{started}</td>
                <td>{formatDateTime(new Date(s.lastUsedAt), lang)}</td>
                <td>
                  {s.current ? null : (
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="intent" value="end" />
                      <input type="hidden" name="session" value={s.id} />
                      <button
                        type="submit"
                        className="button button--secondary button--small"
                        aria-label={t("myInformation.sessions.endLabel", { started })}
                      >
                        {t("myInformation.sessions.end")}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {others.length ? (
        <Form method="post" className="button-row">
          <CsrfField />
          <input type="hidden" name="intent" value="endAll" />
          <button type="submit" className="button button--danger">
            {t("myInformation.sessions.endAll")}
          </button>
        </Form>
      ) : (
        <p>{t("myInformation.sessions.none")}</p>
      )}
      <p>
        {t("myInformation.sessions.logoutHint")} <LocalizedLink to="logout">{t("common.menu.logout")}</LocalizedLink>
      </p>
      <p>
        <LocalizedLink to="myInformation">{t("myInformation.sessions.back")}</LocalizedLink>
      </p>
    </div>
  );
}
