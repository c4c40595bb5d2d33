import { lazy, Suspense } from "react";
import { Field, TextField } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";

// The boxes come after hydration; meanwhile (and without JavaScript) the plain input does the same job.
// Pure: a module that only imports this one (and uses none of it) leaves it out of the page.
const CodeBoxes = /* @__PURE__ */ lazy(() => import("~/ui/code-boxes").then((m) => ({ default: m.CodeBoxes })));

/**
 * The SMS code (spec part 1 §5): one plain text input without JavaScript; once hydrated, four digit boxes that
 * advance, go back on backspace and send their form when the fourth digit is typed, disabled while it is checked.
 * The first box keeps the input's id, so the error summary's link still has a target.
 */
export function SmsCodeField({
  id,
  name,
  label,
  hint,
  error,
  checking = false,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  error?: string;
  checking?: boolean;
}) {
  const hydrated = useHydrated();
  const plain = (
    <TextField
      id={id}
      name={name}
      label={label}
      hint={hint}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      className="input--short"
      readOnly={checking}
    />
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <Field id={id} label={label} hint={hint} error={error} group>
        {(describedBy) => (
          <CodeBoxes
            // A wrong code empties the boxes for a fresh entry.
            key={error ?? "fresh"}
            id={id}
            name={name}
            label={label}
            describedBy={describedBy}
            invalid={!!error}
            disabled={checking}
            focusFirst={!!error}
            onComplete={() => {
              // After React has written the fourth digit into the hidden input.
              setTimeout(() => document.getElementById(id)?.closest("form")?.requestSubmit());
            }}
          />
        )}
      </Field>
    </Suspense>
  );
}
