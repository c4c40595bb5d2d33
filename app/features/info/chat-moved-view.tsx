import { AppLinks } from "~/ui/app-links";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useBrand } from "~/ui/root-data";
import { PhoneLink } from "~/ui/phone-link";

export type ChatPage = "moved" | "payment" | "childrensService";

/**
 * The chat has moved to the mobile app (feature `pikkutsatti`): the menu's page, the page an old link to pay for a
 * chat leads to (nothing is paid or charged here), and the anonymous children's-service page, whose title is the
 * brand's name.
 */
export function ChatMovedView({ page }: { page: ChatPage }) {
  const t = useT();
  const brand = useBrand();
  const name = brand?.name ?? t("common.brandName");
  const title =
    page === "childrensService" ? name : page === "payment" ? t("info.chat.paymentTitle") : t("info.chat.movedTitle");
  return (
    <div className="narrow">
      {page === "childrensService" ? <title>{name}</title> : <PageTitle title={title} />}
      <h1>{title}</h1>
      {page === "payment" ? (
        <>
          <p className="lead">{t("info.chat.paymentText", { brand: name })}</p>
          {brand ? (
            <p>
              {t("info.chat.questions")} <PhoneLink phone={brand.customerServicePhone} />
            </p>
          ) : null}
        </>
      ) : (
        <p className="lead">{t("info.chat.movedText", { brand: name })}</p>
      )}
      <h2 id="chat-apps">{t("info.chat.appsHeading")}</h2>
      <AppLinks className="link-list" />
      {page === "childrensService" ? (
        <>
          <p>{t("info.chat.loginText")}</p>
          <p>
            <LocalizedLink to="login" className="button">
              {t("info.chat.login")}
            </LocalizedLink>
          </p>
        </>
      ) : null}
    </div>
  );
}
