import { Link } from "react-router";
import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { MyInformationTab } from "./save-action";

/**
 * The panels of the tabs besides the first (other-tabs.tsx), loaded by the browser only when one of them is shown
 * (the page's `lazyPart`); choosing the tab starts loading them, alongside the tab's data.
 */
export const loadOtherTab = () => import("./other-tabs").then((m) => m.OtherTab);

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
              onClick={tab === "contact" ? undefined : () => void loadOtherTab()}
            >
              {t(`myInformation.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
