import type { Route } from "./+types/pay-visit";
import { getLang } from "~/.server/i18n";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import type { RouteHandle } from "~/ui/layout";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";

/** The anonymous landing of an invoice notification: no menu or footer, language links only. */
export const handle = {
  hideNavigation: true,
  hideFooter: true,
  i18n: ["payments.payVisit"],
} satisfies TextsHandle & RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const next = href("invoices", lang);
  return {
    own: href("login", lang, {}, { nextPath: next }),
    // A child's visit: the guardian identifies and picks the child at the mandate service, then sees its invoices.
    child: href("login", lang, {}, { mandate: "child", nextPath: next }),
  };
}

export default function PayVisit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("payments.payVisit.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t("payments.payVisit.intro")}</p>
      <section className="card" aria-labelledby="own-visit">
        <h2 id="own-visit">{t("payments.payVisit.ownHeading")}</h2>
        <p>{t("payments.payVisit.ownBody")}</p>
        <p>
          <a className="button" href={loaderData.own}>
            {t("payments.payVisit.ownAction")}
          </a>
        </p>
      </section>
      <section className="card" aria-labelledby="child-visit">
        <h2 id="child-visit">{t("payments.payVisit.childHeading")}</h2>
        <p>{t("payments.payVisit.childBody")}</p>
        <p>
          <a className="button" href={loaderData.child}>
            {t("payments.payVisit.childAction")}
          </a>
        </p>
      </section>
    </div>
  );
}
