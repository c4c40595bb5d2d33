import { data } from "react-router";
import type { Route } from "./+types/expired-session";
import { sessionState } from "~/.server/context";
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
export const handle = { i18n: ["session"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = sessionState(context);
  const headers = new Headers();
  // An expired session is ended for good, and its cookie removed.
  if (session.status === "expired") headers.append("Set-Cookie", await destroySession(session.idHash));
  const next = safeNextPath(new URL(request.url).searchParams.get("next"), href("home", lang));
  return data({ next, ...timeoutInUnits(env().sessionIdleSeconds) }, { headers });
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
    </div>
  );
}
