import { useT } from "~/ui/i18n";
import { Markdown } from "./markdown";

export type AnnouncementType = "info" | "notification" | "warning" | "success";

/** The banner colour of each announcement type; the type is also written out, so colour is never the only cue. */
const BANNER_CLASS: Record<AnnouncementType, string> = {
  info: "banner",
  notification: "banner",
  warning: "banner banner--warning",
  success: "banner banner--success",
};
const ICON: Record<AnnouncementType, string> = { info: "ℹ", notification: "🔔", warning: "⚠", success: "✓" };

/**
 * The messaging service's announcement (spec part 2 §3 "Customer messaging info"): its type as a word and an icon,
 * the heading and the markdown description. Static page content, so no live-region role.
 */
export function AnnouncementBox({
  announcement,
}: {
  announcement: { heading: string; description: string; type: AnnouncementType } | null;
}) {
  const t = useT();
  if (!announcement) return null;
  const { type } = announcement;
  return (
    <section
      className={`${BANNER_CLASS[type]} announcement announcement--${type}`}
      aria-labelledby="messaging-announcement-heading"
    >
      <p className="banner__title">
        <span aria-hidden="true">{ICON[type]} </span>
        {t(`messaging.common.announcementTypes.${type}`)}
      </p>
      <div className="banner__content">
        <h2 id="messaging-announcement-heading">{announcement.heading}</h2>
        <Markdown text={announcement.description} />
      </div>
    </section>
  );
}

/** Messages are not for emergencies (spec part 2 §2): call 112. */
export function EmergencyNotice() {
  const t = useT();
  return (
    <p className="notice-text emergency-notice">
      <span aria-hidden="true">⚠ </span>
      {t("messaging.common.emergency")}
    </p>
  );
}

/** Messaging is in maintenance mode: shown instead of the list and the forms. */
export function MaintenanceNotice() {
  const t = useT();
  return (
    <div className="banner banner--warning maintenance-notice">
      <p className="banner__title">{t("messaging.common.maintenance.title")}</p>
      <div className="banner__content">
        <p>{t("messaging.common.maintenance.body")}</p>
      </div>
    </div>
  );
}
