import { Form, useLocation } from "react-router";
import { CsrfField } from "./csrf-field";
import { useT } from "./i18n";
import { useHandleFlags } from "./layout";
import { useRootData } from "./root-data";

/**
 * The analytics-cookie question, asked once. Until it is answered (or when it is declined) no analytics event
 * leaves the page. A plain form, so it works without JavaScript and returns to the same page. Pages may leave
 * it out (route handle `hideCookieBanner`): the question is then asked on the next page that has it.
 */
export function AnalyticsConsentBanner() {
  const data = useRootData();
  const t = useT();
  const location = useLocation();
  const { hideCookieBanner } = useHandleFlags();
  if (!data || data.analyticsConsent !== null || hideCookieBanner) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="container">
        <h2 id="cookie-banner-title" className="cookie-banner__title">
          {t("common.analyticsConsent.title")}
        </h2>
        <p>{t("common.analyticsConsent.text")}</p>
        <Form method="post" action="/api/analytics-consent" className="cookie-banner__actions">
          <CsrfField />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <button type="submit" name="analytics" value="granted" className="button">
            {t("common.analyticsConsent.accept")}
          </button>
          <button type="submit" name="analytics" value="denied" className="button button--secondary">
            {t("common.analyticsConsent.reject")}
          </button>
        </Form>
      </div>
    </section>
  );
}
