import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";

export { MaintenanceNotice } from "./notices";

/**
 * The thread page's notices that few see (conversation-page.tsx loads them as lazy parts): that the thread could not
 * be read, that it is closed, and maintenance.
 */

/** The thread could not be read (on opening it, or by a poll). */
export function LoadFailedNotice() {
  const t = useT();
  return (
    <div className="banner banner--error" role="alert">
      <p className="banner__title">{t("common.notice.error")}</p>
      <div className="banner__content">
        <p>{t("messaging.thread.loadFailed")}</p>
      </div>
    </div>
  );
}

/** In place of the reply form of a closed thread; an alert when a reply was refused for it. */
export function ClosedNotice({ alert }: { alert: boolean }) {
  const t = useT();
  return (
    <div className="banner thread__closed" role={alert ? "alert" : undefined}>
      <p className="banner__title">{t("messaging.thread.closedTitle")}</p>
      <div className="banner__content">
        <p>{t("messaging.thread.closedBody")}</p>
        <p>
          <LocalizedLink to="newConversation">{t("messaging.thread.startNew")}</LocalizedLink>
        </p>
      </div>
    </div>
  );
}
