import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { ThreadView } from "./message-view";
import { MaintenanceNotice } from "./notices";

/**
 * The thread page's notices that few see (conversation-page.tsx loads this module with the first one shown), by
 * `kind`: that the thread could not be read (on opening it, or by a poll), maintenance, and, in place of the reply
 * form of a closed thread, that it is closed (an alert when a reply was refused for it: "closedAlert").
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

/** Absences of the professionals the thread is assigned to, with their substitutes: seldom any. */
export function AbsenceNotices({ thread }: { thread: ThreadView }) {
  const t = useT();
  if (!thread.absences.length) return null;
  return (
    <div className="banner absence-notices">
      <p className="banner__title">{t("messaging.thread.absenceTitle")}</p>
      <div className="banner__content">
        {thread.absences.map((a, i) => (
          <p key={i}>
            {t("messaging.thread.absence", { name: a.name, start: a.start, end: a.end })}{" "}
            {a.substitute
              ? t("messaging.thread.substitute", { name: a.substitute })
              : t("messaging.thread.noSubstitute")}
          </p>
        ))}
      </div>
    </div>
  );
}
