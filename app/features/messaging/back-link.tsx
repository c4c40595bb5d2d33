import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";

/** Back to the conversation list, above and below a thread. */
export function BackLink() {
  const t = useT();
  return (
    <p className="back-link">
      <LocalizedLink to="conversations">{t("messaging.common.backToList")}</LocalizedLink>
    </p>
  );
}
