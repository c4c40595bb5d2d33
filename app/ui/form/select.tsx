import type { ReactNode, SelectHTMLAttributes } from "react";
import { Field } from "./field";

type SelectProps = {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  options: readonly { value: string; label: ReactNode }[];
  /** The first option, with an empty value: "Any", "Choose". */
  placeholder?: ReactNode;
  /** Under the list, inside its field (the text of an "Other" option). */
  after?: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "children">;

/** A labelled list to choose from, with its hint and error wired through aria-describedby. */
export function Select({
  id,
  name,
  label,
  hint,
  error,
  options,
  placeholder,
  after,
  className,
  ...select
}: SelectProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <>
          <select
            id={id}
            name={name}
            className={`input${className ? " " + className : ""}`}
            {...select}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          >
            {placeholder === undefined ? null : <option value="">{placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {after}
        </>
      )}
    </Field>
  );
}
