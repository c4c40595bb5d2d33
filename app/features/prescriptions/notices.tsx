import type { ReactNode } from "react";
import type { Lang } from "~/lib/lang";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import { LINE_SEPARATOR, derivedTextParts, type Prescription, type RenewalState } from "./rules";

/**
 * Why renewal cannot be asked for now, instead of the selection or the form: the spec's maintenance banner (its
 * text is English in the Swedish portal too, so it says which language it is in), or that the person cannot renew
 * online at all.
 */
export function RenewalNotice({ state }: { state: Exclude<RenewalState, "ok"> }) {
  const t = useT();
  const lang = useLang();
  const textLang = t("prescriptions.notices.maintenanceLang");
  return (
    <div className={`banner banner--warning renewal-notice renewal-notice--${state}`}>
      <p className="banner__title">
        {t(
          state === "maintenance" ? "prescriptions.notices.maintenanceTitle" : "prescriptions.notices.unavailableTitle",
        )}
      </p>
      <div className="banner__content">
        {state === "maintenance" ? (
          <p lang={textLang !== lang ? textLang : undefined}>{t("prescriptions.notices.maintenance")}</p>
        ) : (
          <p>{t("prescriptions.notices.unavailable")}</p>
        )}
      </div>
    </div>
  );
}

/**
 * The derived text line of a prescription. The prescriber's own words (the guides) are Finnish: on a page in
 * another language they say so, for screen readers.
 */
export function PrescriptionLine({ prescription, id }: { prescription: Prescription; id?: string }) {
  const t = useT();
  const lang: Lang = useLang();
  const parts = derivedTextParts(prescription, t, lang);
  if (!parts.length) return null;
  // One text node for each run of the page's own words, so the line reads as one piece.
  const children: ReactNode[] = [];
  let run = "";
  parts.forEach((part, i) => {
    const separator = i > 0 ? LINE_SEPARATOR : "";
    if (part.prescriberText && lang !== "fi") {
      children.push(
        run + separator,
        <span key={i} lang="fi">
          {part.text}
        </span>,
      );
      run = "";
    } else run += separator + part.text;
  });
  if (run) children.push(run);
  return (
    <p className="prescription__line" id={id}>
      {children}
    </p>
  );
}
