import { useT } from "~/ui/i18n";
import { Markdown } from "./markdown";

export type AnnouncementType = "info" | "notification" | "warning" | "success";
export type Announcement = { heading: string; description: string; type: AnnouncementType };

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
 * the heading and the markdown description. Static page content, so no live-region role. The pages show it through
 * notices.tsx, which loads this module (and the markdown) in the browser only when there is an announcement.
 */
export function AnnouncementBox({ announcement }: { announcement: Announcement }) {
  const t = useT();
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
