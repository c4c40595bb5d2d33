import type { Route } from "./+types/new-customer";
import { getLang } from "~/.server/i18n";
import { PhoneLink } from "~/ui/phone-link";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import type { RouteHandle } from "~/ui/layout";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useBrand } from "~/ui/root-data";

/** An anonymous page type (spec part 2 §2): no menu or footer; the page itself offers what a newcomer needs. */
export const handle = { i18n: ["info.newCustomer"], hideNavigation: true } satisfies TextsHandle & RouteHandle;

/**
 * The welcome of a logged-in person with no events yet (the front page sends them here: has-events.server.ts).
 * Anyone logged in may open it; a visitor without a session logs in first and comes back.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  const acting = session.actingPerson.id !== session.user.id ? session.actingPerson : null;
  return {
    firstName: session.user.firstName,
    actingName: acting ? `${acting.firstName} ${acting.lastName}` : null,
  };
}

export default function NewCustomer({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const brand = useBrand();
  const brandName = brand?.name ?? t("common.brandName");
  return (
    <div className="narrow">
      <PageTitle title={t("info.newCustomer.title")} />
      <h1>{t("info.newCustomer.greeting", { name: loaderData.firstName })}</h1>
      {loaderData.actingName ? <p>{t("info.newCustomer.actingFor", { name: loaderData.actingName })}</p> : null}
      <p className="lead">{t("info.newCustomer.welcome", { brand: brandName })}</p>
      <section aria-labelledby="new-customer-booking">
        <h2 id="new-customer-booking">{t("info.newCustomer.bookingHeading")}</h2>
        <p>{t("info.newCustomer.bookingText")}</p>
        <p>
          <LocalizedLink to="booking" className="button">
            {t("info.newCustomer.bookingLink")}
          </LocalizedLink>
        </p>
      </section>
      {brand ? (
        <section aria-labelledby="new-customer-phone">
          <h2 id="new-customer-phone">{t("info.newCustomer.phoneHeading")}</h2>
          <p>
            {t("info.newCustomer.phoneText")} <PhoneLink phone={brand.customerServicePhone} />
          </p>
        </section>
      ) : null}
      <section aria-labelledby="new-customer-more">
        <h2 id="new-customer-more">{t("info.newCustomer.moreHeading")}</h2>
        <ul className="link-list">
          <li>
            <LocalizedLink to="myInformation">{t("info.newCustomer.myInformation")}</LocalizedLink>
          </li>
          <li>
            <LocalizedLink to="logout">{t("info.newCustomer.logout")}</LocalizedLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
