import { data } from "react-router";
import type { Route } from "./+types/help";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { featureOn } from "~/.server/features";
import { SmsAuthenticationFaq } from "~/features/info/help-view";
import { PhoneLink } from "~/ui/phone-link";
import type { TextsHandle } from "~/lib/text-groups";
import type { RouteHandle } from "~/ui/layout";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useBrand } from "~/ui/root-data";

/** Finnish only: the language switch leads to the other language's front page instead of a missing page. */
export const handle = { i18n: ["info.help"], languageSwitchToHome: true } satisfies TextsHandle & RouteHandle;

/**
 * The help page (spec part 1 §2): the common-instructions link where the brand has one (the main brand), and the
 * questions on SMS authentication where the feature `mfa` is on. For anyone, logged in or not.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (getLang(context) !== "fi") throw data(null, { status: 404 });
  return {
    instructionsUrl: requestInfo(context).brand.links.instructions ?? null,
    smsAuthenticationFaq: featureOn(context, "mfa"),
  };
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const brand = useBrand();
  const title = t("info.help.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t("info.help.intro")}</p>
      {loaderData.instructionsUrl ? (
        <section aria-labelledby="help-instructions">
          <h2 id="help-instructions">{t("info.help.instructionsHeading")}</h2>
          <p>{t("info.help.instructionsText")}</p>
          <p>
            <a href={loaderData.instructionsUrl}>{t("info.help.instructionsLink")}</a>
          </p>
        </section>
      ) : null}
      {loaderData.smsAuthenticationFaq ? <SmsAuthenticationFaq t={t} /> : null}
      {brand ? (
        <section aria-labelledby="help-customer-service">
          <h2 id="help-customer-service">{t("info.help.customerServiceHeading")}</h2>
          <p>
            {t("info.help.customerServiceText")} <PhoneLink phone={brand.customerServicePhone} />
          </p>
        </section>
      ) : null}
    </div>
  );
}
