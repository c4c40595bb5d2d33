import type { ComponentProps, ReactNode } from "react";
import { Field } from "./field";

type FileUploadProps = {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Above the file field, inside its field (the files attached so far). */
  before?: ReactNode;
  /** Under the file field, inside its field (the files chosen, the upload's progress). */
  after?: ReactNode;
} & Omit<ComponentProps<"input">, "id" | "name" | "type">;

/**
 * A labelled file field with its hint and error wired through aria-describedby: a plain part of a multipart form
 * without JavaScript; what happens to the chosen files once hydrated is the page's (`onChange`, a `ref`).
 */
export function FileUpload({ id, name, label, hint, error, before, after, className, ...input }: FileUploadProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <>
          {before}
          <input
            type="file"
            id={id}
            name={name}
            {...input}
            className={`file-input${className ? " " + className : ""}`}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
          {after}
        </>
      )}
    </Field>
  );
}
