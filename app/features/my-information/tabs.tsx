import { Link } from "react-router";
import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { MyInformationTab } from "./save-action";

/**
 * The forms of the tabs besides the first, loaded by the browser only when their tab is shown (the page's
 * `lazyPart`s); choosing the tab starts loading them, alongside the tab's data.
 */
export const loadGuardianForms = () => import("./guardian-forms").then((m) => m.GuardianForms);
export const loadConsentForm = () => import("~/features/account/consent-form").then((m) => m.ConsentForm);
const LOAD: Partial<Record<MyInformationTab, () => Promise<unknown>>> = {
  guardians: loadGuardianForms,
  consent: loadConsentForm,
};

/**
 * The tabs of My information as plain links (`?tab=`), so they work without JavaScript; the current one is
 * marked with aria-current. The save action travels along, so saving on any tab still leads where it says.
 */
export function MyInformationTabs({
  current,
  tabs,
  saveAction,
}: {
  current: MyInformationTab;
  tabs: MyInformationTab[];
  saveAction: string | null;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <nav className="tabs" aria-label={t("myInformation.tabs.label")}>
      <ul className="tabs__list">
        {tabs.map((tab) => (
          <li key={tab} className="tabs__item">
            <Link
              className="tabs__link"
              to={href("myInformation", lang, {}, { tab, saveAction: saveAction ?? undefined })}
              aria-current={tab === current ? "page" : undefined}
              preventScrollReset
              onClick={() => void LOAD[tab]?.()}
            >
              {t(`myInformation.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
