import { useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { CharacterCount, useCharacterCountId, type CharacterCountTexts } from "./character-count";
import { Field } from "./field";

type TextareaProps = {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /**
   * A character count under the field (`{id}-info`), counting up to `max`. Not the browser's hard limit
   * (`maxLength`): a counted field lets the text run over and says by how much, as GOV.UK's does.
   */
  characterCount?: CharacterCountTexts;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">;

/** A labelled textarea with its hint and error wired through aria-describedby, and a character count if given. */
export function Textarea({ id, name, label, hint, error, characterCount, className, ...textarea }: TextareaProps) {
  // The length typed, for the count of a field the page does not hold the value of itself.
  const [typed, setTyped] = useState(() => String(textarea.defaultValue ?? "").length);
  const countId = useCharacterCountId(`${id}-info`, characterCount?.hint);
  const { onChange } = textarea;
  return (
    <Field id={id} label={label} hint={hint} error={error} extraDescribedBy={characterCount ? countId : undefined}>
      {(describedBy) => (
        <>
          <textarea
            id={id}
            name={name}
            className={`input textarea${className ? " " + className : ""}`}
            {...textarea}
            onChange={
              characterCount
                ? (event) => {
                    setTyped(event.currentTarget.value.length);
                    onChange?.(event);
                  }
                : onChange
            }
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
          {characterCount ? (
            <CharacterCount
              id={`${id}-info`}
              length={typeof textarea.value === "string" ? textarea.value.length : typed}
              {...characterCount}
            />
          ) : null}
        </>
      )}
    </Field>
  );
}
