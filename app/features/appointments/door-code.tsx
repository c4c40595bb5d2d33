import { CodeBoxes } from "~/ui/code-boxes";
import { ErrorMessage, Hint } from "~/ui/form/field";
import { useT } from "~/ui/i18n";

/**
 * The clinic door's check-in code as four boxes (spec part 1 §5), in the code field's frame: the label, the hint
 * and the error (with its "Error:" prefix for screen readers, as every field's). Drawn only once hydrated, its code
 * loaded after the page's: until then, and without JavaScript, the door page (routes/appointments/door.tsx) shows
 * the plain input of the same name.
 */
export function DoorCodeBoxes({
  error,
  initial,
  onComplete,
}: {
  error?: string;
  initial?: string;
  onComplete(code: string): void;
}) {
  const t = useT();
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <p className="field__label" id="ssnEndPart-label">
        {t("appointments.door.codeLabel")}
      </p>
      <Hint id="ssnEndPart" hint={t("appointments.door.codeHint")} />
      <ErrorMessage id="ssnEndPart" error={error} />
      <CodeBoxes
        id="ssnEndPart"
        name="ssnEndPart"
        label={t("appointments.door.codeLabel")}
        describedBy={["ssnEndPart-hint", error ? "ssnEndPart-error" : null].filter(Boolean).join(" ")}
        invalid={!!error}
        initial={initial}
        lastMayBeLetter
        onComplete={onComplete}
      />
    </div>
  );
}
