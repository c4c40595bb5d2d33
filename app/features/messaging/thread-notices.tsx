import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { MaintenanceNotice } from "./notices";

/**
 * The thread page's notices that few see (conversation-page.tsx loads them as one lazy part), by `kind`: that the
 * thread could not be read (on opening it, or by a poll), maintenance, and, in place of the reply form of a closed
 * thread, that it is closed (an alert when a reply was refused for it: "closedAlert").
 */
export function ThreadNotice({ kind }: { kind: "loadFailed" | "maintenance" | "closed" | "closedAlert" }) {
  const t = useT();
  if (kind === "maintenance") return <MaintenanceNotice />;
  if (kind === "loadFailed")
    return (
      <div className="banner banner--error" role="alert">
        <p className="banner__title">{t("common.notice.error")}</p>
        <div className="banner__content">
          <p>{t("messaging.thread.loadFailed")}</p>
        </div>
      </div>
    );
  return (
    <div className="banner thread__closed" role={kind === "closedAlert" ? "alert" : undefined}>
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
