import { useT } from "~/ui/i18n";
import type { ThreadView } from "./message-view";

/**
 * Absences of the professionals the thread is assigned to, with their substitutes: seldom any, so the thread page
 * loads this as a lazy part (conversation-page.tsx).
 */
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
