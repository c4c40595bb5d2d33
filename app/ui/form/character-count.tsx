import type { ReactNode } from "react";
import { useHydrated } from "../hydrated";

/** What a character count says: the limit, as a hint without JavaScript, and the count as the text is typed. */
export type CharacterCountTexts = {
  max: number;
  /** Said without JavaScript ("You can enter up to 300 characters"); without it the count shows once hydrated. */
  hint?: ReactNode;
  /** Said once hydrated, for the length typed so far ("12 / 300", "You have 58 characters remaining"). */
  text(length: number, max: number): ReactNode;
};

/**
 * The counter's id while it is on the page, for the control's `aria-describedby`: always when it has a hint,
 * else once hydrated.
 */
export function useCharacterCountId(id: string, hint?: ReactNode): string | undefined {
  const hydrated = useHydrated();
  return hydrated || hint ? id : undefined;
}

/**
 * The GOV.UK character count under a field: without JavaScript its static hint (or nothing); once hydrated the
 * count of what is typed, in a polite live region, marked as an error past `max`. The field stays typeable past
 * the limit (the server refuses it), as in GOV.UK. Name `id` in the field's `aria-describedby` with
 * `useCharacterCountId`.
 */
export function CharacterCount({ id, length, max, hint, text }: { id: string; length: number } & CharacterCountTexts) {
  const hydrated = useHydrated();
  if (!hydrated && !hint) return null;
  return (
    <div
      className={`field__hint${hydrated && length > max ? " field__hint--error" : ""}`}
      id={id}
      aria-live={hydrated ? "polite" : undefined}
    >
      {hydrated ? text(length, max) : hint}
    </div>
  );
}
