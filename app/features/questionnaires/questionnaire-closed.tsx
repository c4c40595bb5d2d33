import type { T } from "~/lib/translate";
import { OutOfUseNotice } from "./questionnaire-views";

/**
 * What a questionnaire's page says under its heading when there is no form to show: out of use in maintenance, or
 * not found. Shown to few: the questionnaire page loads it when shown.
 */
export function QuestionnaireClosed({ maintenance, t }: { maintenance: boolean; t: T }) {
  return maintenance ? <OutOfUseNotice t={t} /> : <p>{t("questionnaires.notFound.body")}</p>;
}
