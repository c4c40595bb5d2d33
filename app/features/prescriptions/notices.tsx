import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { RenewalState } from "./rules";

/**
 * Why renewal cannot be asked for now, instead of the selection or the form: the spec's maintenance banner (its
 * text is English in the Swedish portal too, so it says which language it is in), or that the person cannot renew
 * online at all.
 */
export function RenewalNotice({ state }: { state: Exclude<RenewalState, "ok"> }) {
  const t = useT();
  const lang = useLang();
  const textLang = t("prescriptions.notices.maintenanceLang");
  return (
    <div className={`banner banner--warning renewal-notice renewal-notice--${state}`}>
      <p className="banner__title">
        {t(
          state === "maintenance" ? "prescriptions.notices.maintenanceTitle" : "prescriptions.notices.unavailableTitle",
        )}
      </p>
      <div className="banner__content">
        {state === "maintenance" ? (
          <p lang={textLang !== lang ? textLang : undefined}>{t("prescriptions.notices.maintenance")}</p>
        ) : (
          <p>{t("prescriptions.notices.unavailable")}</p>
        )}
      </div>
    </div>
  );
}
