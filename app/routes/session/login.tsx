import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { requestInfo, sessionState } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { acrValues } from "~/lib/login-options";
import { safeNextPath } from "~/features/session/login-options";
import { LoginOptions } from "~/features/session/login-options.view";
import { href } from "~/route-table";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { useBrand } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["session.login"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("nextPath"), href("home", lang));
  const session = sessionState(context);
  if (session.status === "valid" && session.user) throw redirect(next);
  const mandate = url.searchParams.get("mandate") === "child";
  return {
    mandate,
    brandId: requestInfo(context).brand.id,
    options: acrValues().map((o) => ({
      id: o.id,
      label: o.label,
      href: `/oauth/authenticate?${new URLSearchParams({ lang, next, acr_values: o.acr, ...(mandate ? { mandate: "child" } : {}) })}`,
    })),
  };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const brand = useBrand();
  const title = t("session.login.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{t("session.login.heading", { brand: brand?.name })}</h1>
      <p className="lead">
        {loaderData.mandate ? t("session.login.mandateSubheading") : t("session.login.subheading")}
      </p>
      <LoginOptions options={loaderData.options} />
      <p className="hint">{t("session.login.privacyNote")}</p>
    </div>
  );
}
