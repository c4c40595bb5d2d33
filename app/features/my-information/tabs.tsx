import { Link } from "react-router";
import { useT } from "~/ui/i18n";
import type { MyInformationTab } from "./save-action";

/**
 * The panels of the tabs besides the first (other-tabs.tsx), loaded by the browser only when one of them is shown
 * (the page's `lazyPart`); choosing the tab starts loading them, alongside the tab's data.
 */
export const loadOtherTab = () => import("./other-tabs").then((m) => m.OtherTab);

/**
 * The tabs of My information as plain links (`?tab=`), so they work without JavaScript; the current one is
 * marked with aria-current. Their links (the loader's) carry the save action, so saving on any tab still leads where
 * it says.
 */
export function MyInformationTabs({
  current,
  tabs,
}: {
  current: MyInformationTab;
  tabs: { id: MyInformationTab; href: string }[];
}) {
  const t = useT();
  return (
    <nav className="tabs" aria-label={t("myInformation.tabs.label")}>
      <ul className="tabs__list">
        {tabs.map(({ id, href }) => (
          <li key={id} className="tabs__item">
            <Link
              className="tabs__link"
              to={href}
              aria-current={id === current ? "page" : undefined}
              preventScrollReset
              onClick={id === "contact" ? undefined : () => void loadOtherTab()}
            >
              {t(`myInformation.tabs.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
