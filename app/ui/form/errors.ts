/**
 * The one shape of a form's errors and the one rule for its error summary's order.
 *
 * A form's errors are `FormErrors`: the i18n key of each field's first error, by field name. The error summary
 * lists them in the order the form shows its fields (GOV.UK: "list errors in the same order as they appear on the
 * page"), never in the order a schema or a check happened to find them: each form declares its fields' ids in page
 * order, and `ErrorSummary` (error-summary.tsx) orders its entries by that list with `inFieldOrder`, with and without
 * JavaScript alike. `tests/integration/error-summary-order.test.ts` sends every form of the app invalid and checks
 * the summary against the rendered page, so a declared order that drifts from the page fails there.
 */

/** One entry of the error summary: the id of the field it links to and its text. */
export type FieldError = { id: string; message: string };

/** A form's errors: the i18n key of each field's first error, by field name. */
export type FormErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * The entries in the order of `fieldOrder` (the ids of the form's fields, top to bottom). Entries for the same
 * field keep their order; an entry whose id the form does not declare comes last, so nothing is ever dropped.
 */
export function inFieldOrder(entries: readonly FieldError[], fieldOrder: readonly string[]): FieldError[] {
  const position = new Map<string, number>();
  fieldOrder.forEach((id, i) => {
    if (!position.has(id)) position.set(id, i);
  });
  const rank = (id: string) => position.get(id) ?? fieldOrder.length;
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => rank(a.entry.id) - rank(b.entry.id) || a.i - b.i)
    .map(({ entry }) => entry);
}

/**
 * A form's errors as summary entries: each field's message by `text` (its i18n key translated), linking to the id
 * `idOf` gives the field (its name unless the form says otherwise). Ordered by `ErrorSummary`, not here.
 */
export function errorEntries<Field extends string>(
  errors: FormErrors<Field>,
  text: (key: string, field: Field) => string,
  idOf: (field: Field) => string = (field) => field,
): FieldError[] {
  return (Object.entries(errors) as [Field, string | undefined][]).flatMap(([field, key]) =>
    key ? [{ id: idOf(field), message: text(key, field) }] : [],
  );
}
