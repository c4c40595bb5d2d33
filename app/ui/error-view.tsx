import { useLocation, useRevalidator } from "react-router";
import { PageTitle } from "./page-title";
import { useHydrated } from "./hydrated";
import { useT } from "./i18n";
import { LocalizedLink } from "./localized-link";

/**
 * The spec's generic error view ("Apologies! Something went wrong…") with a try-again action, and the
 * bad-address, not-found, forbidden, too-large, rate-limited and identification-unavailable variants.
 */
export function ErrorView({
  kind,
  retry = false,
  title,
}: {
  kind:
    "generic" | "badRequest" | "notFound" | "forbidden" | "tooLarge" | "tooManyRequests" | "identificationUnavailable";
  retry?: boolean;
  title?: string;
}) {
  const t = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const heading = title ?? t(`common.error.${kind}.title`);
  return (
    <div className="error-view">
      <PageTitle title={heading} />
      <h1>{heading}</h1>
      <p>{t(`common.error.${kind}.body`)}</p>
      <p className="button-row">
        {retry ? (
          hydrated ? (
            <button type="button" className="button" onClick={() => revalidator.revalidate()}>
              {t("common.error.retry")}
            </button>
          ) : (
            <a className="button" href={location.pathname + location.search}>
              {t("common.error.retry")}
            </a>
          )
        ) : null}
        <LocalizedLink to="home" className={retry ? "button button--secondary" : "button"}>
          {t("common.error.toFrontPage")}
        </LocalizedLink>
      </p>
    </div>
  );
}
