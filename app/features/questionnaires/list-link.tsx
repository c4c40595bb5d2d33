import type { T } from "~/lib/translate";
import { LocalizedLink } from "~/ui/localized-link";

/** The link back to the list, styled as a button where it is the page's only way on. */
export function ListLink({ t, button = false }: { t: T; button?: boolean }) {
  return (
    <p>
      <LocalizedLink to="questionnaireList" className={button ? "button button--secondary" : undefined}>
        {t("questionnaires.common.backToList")}
      </LocalizedLink>
    </p>
  );
}
