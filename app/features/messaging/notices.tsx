import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { AnnouncementBox as AnnouncementOnServer, type Announcement } from "./announcement";

// The announcement is shown only while the service has one: its code, with the markdown, is loaded when shown.
const LazyAnnouncementBox = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? AnnouncementOnServer : null, () =>
  import("./announcement").then((m) => m.AnnouncementBox),
);

/** The messaging service's announcement, when it has one (announcement.tsx); nothing otherwise. */
export function AnnouncementBox({ announcement }: { announcement: Announcement | null }) {
  return announcement ? <LazyAnnouncementBox announcement={announcement} /> : null;
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
