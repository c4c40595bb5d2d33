import type { ReactNode } from "react";
import { AppLinks } from "~/ui/app-links";
import { useT } from "~/ui/i18n";
import { useRootData } from "~/ui/root-data";
import { visiblePromos, type OccupationalPromos } from "./promo";
import { PhoneLink } from "~/ui/phone-link";

/**
 * The contract's phone-service and chat promos on the occupational booking pages (see promo.ts). Nothing in a
 * booking started from the mobile app. Texts: `booking.promo`.
 */
export function OccupationalPromoBoxes({ promos }: { promos: OccupationalPromos }) {
  const t = useT();
  const { phoneService, chat } = visiblePromos(promos, useRootData()?.sessionScope);
  return (
    <>
      {phoneService ? (
        <PromoBox id="promo-phone-service" title={t("booking.promo.phoneService.title")}>
          <p>
            {t("booking.promo.phoneService.call")} <PhoneLink phone={phoneService.phoneNumber} />
          </p>
          {/* The contract's own words, in Finnish whatever the page's language. */}
          {phoneService.liftupDescription ? <p lang="fi">{phoneService.liftupDescription}</p> : null}
        </PromoBox>
      ) : null}
      {chat ? (
        <PromoBox id="promo-chat" title={t("booking.promo.chat.title")}>
          <p>{t("booking.promo.chat.body")}</p>
          <AppLinks className="link-list" />
        </PromoBox>
      ) : null}
    </>
  );
}

/** One promo: a region named by its heading. */
function PromoBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="banner" aria-labelledby={id}>
      <h2 className="banner__title" id={id}>
        {title}
      </h2>
      <div className="banner__content">{children}</div>
    </section>
  );
}
