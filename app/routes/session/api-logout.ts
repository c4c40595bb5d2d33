import { redirect } from "react-router";
import type { Route } from "./+types/api-logout";
import { allowMethods } from "~/.server/api";
import { sessionState } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { logout } from "~/features/session/login.server";
import { href } from "~/route-table";

export const middleware = [allowMethods("POST")];

// POST /api/logout?csrfToken — the spec's call; the CSRF token is checked by the root middleware.
export async function action({ context }: Route.ActionArgs) {
  const session = sessionState(context);
  const headers = new Headers();
  for (const c of await logout(session.status === "none" ? null : session.idHash)) headers.append("Set-Cookie", c);
  return redirect(href("home", getLang(context)), { headers });
}
