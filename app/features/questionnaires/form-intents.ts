/**
 * What the buttons of the rarer questions post as the form's intent and the ids of their parts' fields: the question
 * fields that the page loads when shown (rare-questions.tsx) write them, the server reads them back. Apart from
 * questionnaire-view.ts so that the page's own script does not carry them.
 */

/** The buttons of a dynamic panel post these as the form's intent; `panelIntent` reads them back. */
export const addPanelIntent = (name: string) => `add:${name}`;
export const removePanelIntent = (name: string, index: number) => `remove:${name}:${index}`;

export function panelIntent(
  intent: unknown,
): { add: true; name: string } | { add: false; name: string; index: number } | null {
  if (typeof intent !== "string") return null;
  if (intent.startsWith("add:")) return { add: true, name: intent.slice(4) };
  const remove = /^remove:(.+):(0|[1-9]\d{0,2})$/.exec(intent);
  return remove ? { add: false, name: remove[1], index: Number(remove[2]) } : null;
}

/** A file's Remove button posts this as the form's intent; `fileIntent` reads it back. */
export const removeFileIntent = (name: string, fileId: string) => `remove-file:${name}:${fileId}`;

export function fileIntent(intent: unknown): { name: string; fileId: string } | null {
  if (typeof intent !== "string") return null;
  const remove = /^remove-file:(.+):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(intent);
  return remove ? { name: remove[1], fileId: remove[2] } : null;
}

/** The id of a part's field: the question's own id for the first part, so the question's link finds it too. */
export const partId = (id: string, ...indices: number[]) =>
  indices.every((i) => i === 0) ? id : `${id}-${indices.map((i) => i + 1).join("-")}`;
