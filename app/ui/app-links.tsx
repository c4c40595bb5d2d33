import { useT } from "./i18n";
import { useBrand } from "./root-data";

/** The brand's mobile-app store links (spec part 1 §2 "Mobile app store links per brand"): footer and chat pages. */
export function AppLinks({ className = "footer__links" }: { className?: string }) {
  const t = useT();
  const brand = useBrand();
  if (!brand) return null;
  return (
    <ul className={className}>
      <li>
        <a href={brand.links.appStore}>{t("common.footer.appStore")}</a>
      </li>
      <li>
        <a href={brand.links.googlePlay}>{t("common.footer.googlePlay")}</a>
      </li>
    </ul>
  );
}
