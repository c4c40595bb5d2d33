import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { NotificationBanner } from "~/ui/notifications";

/** The login prompt of the anonymous view, with the bank or mobile identification warning. */
export function LoginPrompt({ loginHref, required }: { loginHref: string; required: boolean }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="login-heading">
      <h2 id="login-heading" className="card__title">
        {t("reservation.login.heading")}
      </h2>
      {required ? (
        <NotificationBanner type="info">
          <p>{t("reservation.login.warning")}</p>
        </NotificationBanner>
      ) : (
        <p>{t("reservation.login.intro")}</p>
      )}
      <p>
        <a className="button" href={loginHref}>
          {t("reservation.login.button")}
        </a>
      </p>
    </section>
  );
}

/** The login page that returns to `next` (used for the login and registration reactions). */
export function loginHref(lang: "fi" | "sv" | "en", next: string) {
  return href("login", lang, {}, { nextPath: next });
}
