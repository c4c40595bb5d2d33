import { Form, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { sessionState } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { logout } from "~/features/session/login.server";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { TextsHandle } from "~/lib/text-groups";

// The log-out confirmation is a page of its own, so it works without JavaScript.
export function loader({ context }: Route.LoaderArgs) {
  const session = sessionState(context);
  if (session.status !== "valid") throw redirect(href("home", getLang(context)));
  return null;
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["session.logout"] } satisfies TextsHandle;

export async function action({ context }: Route.ActionArgs) {
  const session = sessionState(context);
  const headers = new Headers();
  for (const c of await logout(session.status === "none" ? null : session.idHash)) headers.append("Set-Cookie", c);
  return redirect(href("home", getLang(context)), { headers });
}

export default function Logout() {
  const t = useT();
  return (
    <div className="narrow">
      <PageTitle title={t("session.logout.title")} />
      <h1>{t("session.logout.heading")}</h1>
      <p>{t("session.logout.body")}</p>
      <Form method="post" className="button-row" reloadDocument>
        <CsrfField />
        <button type="submit" className="button">
          {t("session.logout.confirm")}
        </button>
        <LocalizedLink to="home" className="button button--secondary">
          {t("session.logout.cancel")}
        </LocalizedLink>
      </Form>
    </div>
  );
}
