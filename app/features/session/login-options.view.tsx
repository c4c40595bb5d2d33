import { useT } from "~/ui/i18n";

/** The identification options as plain links: each is a GET to /oauth/authenticate, so no script is needed. */
export function LoginOptions({ options }: { options: { id: string; label: string; href: string }[] }) {
  const t = useT();
  const [mobile, ...banks] = options;
  return (
    <div className="login-options">
      <h2 className="login-options__heading">{t("session.login.mobileHeading")}</h2>
      <ul className="login-options__list login-options__list--single">
        <li>
          <a className="login-option" href={mobile.href} data-option={mobile.id}>
            {/* The banks' names are their own; the mobile certificate's is a word of the page's language. */}
            {t("session.login.mobileHeading")}
          </a>
        </li>
      </ul>
      <h2 className="login-options__heading">{t("session.login.banksHeading")}</h2>
      <ul className="login-options__list">
        {banks.map((o) => (
          <li key={o.id}>
            <a className="login-option" href={o.href} data-option={o.id}>
              {o.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
