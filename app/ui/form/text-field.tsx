import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "./field";

type TextFieldProps = {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">;

/** A labelled input with its hint and error wired through aria-describedby. */
export function TextField({ id, name, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <input
          id={id}
          name={name}
          className={`input${className ? " " + className : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}
