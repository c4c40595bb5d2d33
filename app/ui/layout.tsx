import { Link, useLocation, useMatches } from "react-router";
import { href, translatePath } from "~/route-table";
import { LANGS, type Lang } from "~/lib/lang";
import { AppLinks } from "./app-links";
import { PhoneLink } from "./phone-link";
import { useT } from "./i18n";
import { MENU_TEXTS, menuLabelKey, type RootData } from "./root-data";

export type RouteHandle = {
  /** Spec: some pages show no navigation menu or footer (guardian choice, SMS code page). */
  hideNavigation?: boolean;
  hideFooter?: boolean;
  /** The language switch of these pages leads to the front page of the other language. */
  languageSwitchToHome?: boolean;
  /** No analytics-cookie question: the page must start with its own content (the clinic-door link). */
  hideCookieBanner?: boolean;
};

const LANGUAGE_NAMES: Record<Lang, string> = { fi: "Suomeksi", sv: "På svenska", en: "In English" };

/** The same page in each language, from the route table (used by the switch and the hreflang alternates). */
export function useAlternates(): { lang: Lang; href: string }[] {
  const matches = useMatches();
  const location = useLocation();
  const leaf = matches[matches.length - 1];
  const toHome = matches.some((m) => (m.handle as RouteHandle | undefined)?.languageSwitchToHome);
  return LANGS.map((lang) => ({
    lang,
    href: toHome || !leaf ? `/${lang}` : translatePath(leaf.id, leaf.params, lang, location.search),
  }));
}

export function LanguageSwitch({ current }: { current: Lang }) {
  const t = useT();
  const alternates = useAlternates();
  return (
    <nav className="language-switch" aria-label={t("common.header.languageSwitch")}>
      <ul>
        {alternates.map((a) => (
          <li key={a.lang}>
            {a.lang === current ? (
              <span className="language-switch__current" aria-current="true" lang={a.lang}>
                {LANGUAGE_NAMES[a.lang]}
              </span>
            ) : (
              // A full page load: the texts of the other language come with the document.
              <a href={a.href} hrefLang={a.lang} lang={a.lang} className="language-switch__link">
                {LANGUAGE_NAMES[a.lang]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The route handles' flags, merged from the root to the page. */
export function useHandleFlags() {
  const matches = useMatches();
  const flags: RouteHandle = {};
  for (const m of matches) Object.assign(flags, (m.handle as RouteHandle | undefined) ?? {});
  return flags;
}

export function Header({ root }: { root: RootData }) {
  const t = useT();
  const { hideNavigation } = useHandleFlags();
  // A client-side navigation keeps the header mounted: a new element per page closes an open menu.
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const lang = root.lang;
  return (
    <header className="header">
      <a href="#main" className="skip-link">
        {t("common.header.skipToContent")}
      </a>
      <div className="header__bar container">
        {!hideNavigation ? (
          <details className="menu" key={page}>
            <summary className="menu__toggle">
              <span className="menu__icon" aria-hidden="true" />
              {t("common.header.menu")}
            </summary>
            <nav className="menu__panel" aria-label={t("common.header.mainMenu")}>
              {root.menu.groups.map((g, i) => (
                <div className="menu__group" key={i}>
                  {g.label ? <p className="menu__group-title">{t(MENU_TEXTS + g.label)}</p> : null}
                  <ul>
                    {g.items.map((item) => (
                      <li
                        key={item.routeId}
                        className={item.mobileOnly ? "menu__item menu__item--mobile" : "menu__item"}
                      >
                        {/* The count in words is the link's name: a hidden span after the label would be read
                            "Viestit , 3 lukematonta" (a hidden span is a block, so a space comes before it). */}
                        <Link
                          to={href(item.routeId, lang)}
                          aria-label={
                            item.badge
                              ? `${t(menuLabelKey(item))}, ${t("common.menu.unread", { count: item.badge })}`
                              : undefined
                          }
                        >
                          {t(menuLabelKey(item))}
                          {item.badge ? (
                            <>
                              {" "}
                              <span className="badge" aria-hidden="true">
                                {item.badge}
                              </span>
                            </>
                          ) : null}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
              {root.user ? <LanguageSwitch current={lang} /> : null}
            </nav>
          </details>
        ) : null}
        <Link to={href("home", lang)} className="header__logo">
          <img
            src={root.brand.logo.url}
            alt={t("common.header.logoAlt", { brand: root.brand.name })}
            height={root.brand.logo.height}
            width={root.brand.logo.width}
          />
        </Link>
        <div className="header__end">
          <LanguageSwitch current={lang} />
          {!hideNavigation ? (
            root.user ? (
              <details className="user-menu" key={page}>
                <summary className="user-menu__toggle">
                  <span className="visually-hidden">{t("common.header.userMenu")}: </span>
                  {root.user.firstName}
                </summary>
                <ul className="user-menu__panel">
                  {root.acting ? (
                    <li className="user-menu__acting">
                      {t("common.header.actingFor", { name: root.acting.firstName })}
                    </li>
                  ) : null}
                  {root.menu.userItems.map((item) => (
                    <li key={item.routeId}>
                      <Link to={href(item.routeId, lang)}>{t(menuLabelKey(item))}</Link>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <Link to={href("login", lang)} className="button button--small">
                {t("common.header.login")}
              </Link>
            )
          ) : null}
        </div>
      </div>
    </header>
  );
}

export function Footer({ root }: { root: RootData }) {
  const t = useT();
  const { hideFooter, hideNavigation } = useHandleFlags();
  if (hideFooter || hideNavigation) return null;
  const phone = root.brand.customerServicePhone;
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="footer__heading">
            {t("common.footer.customerService")}
          </h2>
          <p>
            <PhoneLink phone={phone} className="footer__phone" />
          </p>
          <p className="footer__small">{t("common.footer.phoneHours")}</p>
        </section>
        <section aria-labelledby="footer-apps">
          <h2 id="footer-apps" className="footer__heading">
            {t("common.footer.apps", { brand: root.brand.name })}
          </h2>
          <AppLinks />
        </section>
        <section aria-labelledby="footer-about">
          {/* The brand's logo at its own height (36 px Solmu, 60 px Pikkujätti). Decorative here: the business
              name right below says the same to a screen reader. */}
          <p className="footer__logo">
            <img
              src={root.brand.logo.url}
              alt=""
              height={root.brand.logo.height}
              width={root.brand.logo.width}
              loading="lazy"
            />
          </p>
          <h2 id="footer-about" className="footer__heading">
            {root.brand.businessName}
          </h2>
          <ul className="footer__links">
            <li>
              <a href={root.brand.links.terms}>{t("common.footer.terms")}</a>
            </li>
            <li>
              <a href={root.brand.links.homePage}>{t("common.footer.homePage", { brand: root.brand.name })}</a>
            </li>
          </ul>
        </section>
      </div>
    </footer>
  );
}
