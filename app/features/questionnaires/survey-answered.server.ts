import type { Model, Question, QuestionPanelDynamicModel } from "survey-core";
import type { AnsweredPageView } from "./questionnaire-view";
import { fileAnswersOf, signedName } from "./answer-values.server";
import { PART_TYPES, partsDisplay } from "./survey-parts.server";
import { SKIPPED, type Answers } from "./survey.server";
import { panelQuestions } from "./survey-panels.server";

/** A survey's saved answers read back and shown read-only, as text (survey.server.ts). */

/** The saved answers as text, page by page: every shown question (html and the like aside) and its answer. */
export function answeredView(model: Model): AnsweredPageView[] {
  return model.visiblePages.map((page) => ({
    title: page.processedTitle || null,
    items: page.questions
      .filter((q) => q.isVisible && !SKIPPED.has(q.getType()))
      .map((q) => ({ title: q.processedTitle, answer: displayValue(q) })),
  }));
}

function displayValue(q: Question): string | null {
  if (q.isEmpty()) return null;
  if (PART_TYPES.has(q.getType())) return partsDisplay(q);
  if (q.getType() === "file")
    return (
      fileAnswersOf(q.value)
        .map((f) => f.name)
        .join(", ") || null
    );
  if (q.getType() === "signaturepad") return signedName(q.value);
  if (q.getType() === "paneldynamic") {
    const panels = panelQuestions(q);
    const shown = (q as QuestionPanelDynamicModel).panels.map((_, p) => {
      const answers = panels
        .filter((i) => i.index === p && i.question.isVisible && !SKIPPED.has(i.question.getType()))
        .flatMap((i) => {
          const answer = displayValue(i.question);
          return answer ? [`${i.question.processedTitle}: ${answer}`] : [];
        });
      return answers.length ? `${panels.find((i) => i.index === p)?.panelTitle}: ${answers.join(", ")}` : null;
    });
    return shown.filter(Boolean).join("; ") || null;
  }
  const shown: unknown = q.getDisplayValue(true);
  if (Array.isArray(shown)) return shown.map(String).join(", ");
  if (shown === null || shown === undefined || shown === "") return null;
  return typeof shown === "object" ? JSON.stringify(shown) : String(shown);
}

/** Saved answers read back: a JSON object, or none at all for anything else. */
export function parseAnswers(json: string | null): Answers {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Answers) : {};
  } catch {
    return {};
  }
}
