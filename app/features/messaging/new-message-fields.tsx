import { useState } from "react";
import { CharacterCount, Field, Textarea, useCharacterCountId } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { errorText } from "./message-form";
import type { FormAnswer, FormLimits, MessageErrors } from "./message-view";
import { EmergencyNotice } from "./notices";

/**
 * The new-conversation page's own parts of the message form (message-form.tsx): the recipient with the care team,
 * the subject with its character count, the message, and the disclaimer. A thread's reply form has its own message
 * field (conversation-page.tsx) and none of the others.
 */

const k = (key: string) => `messaging.form.${key}`;

/** "Your health care team", linked (`href`, from the loader), with the team's members named under it. */
export function RecipientField({
  href,
  team,
}: {
  href: string;
  /** The care team's members with their titles, as the loader wrote them; empty when not known. */
  team: string;
}) {
  const t = useT();
  return (
    <div className="field message-form__recipient">
      <p className="field__label">{t(k("recipient"))}</p>
      <p>
        <a href={href}>{t(k("recipientTeam"))}</a>
      </p>
      {team ? <p className="field__hint">{t(k("teamMembers"), { names: team })}</p> : null}
    </div>
  );
}

/** What the message form's own fields show: the refused form's values, the errors, the limits. */
type FieldProps = { answer?: FormAnswer; errors: MessageErrors; limits: FormLimits };

/** The subject, counted as it is typed. */
export function SubjectField({ answer, errors, limits }: FieldProps) {
  const t = useT();
  const [subjectLength, setSubjectLength] = useState(answer?.values.subject?.length ?? 0);
  const subjectCountId = useCharacterCountId("subject-counter");
  return (
    <Field
      id="subject"
      label={t(k("subject"))}
      hint={t(k("subjectHint"), { max: limits.values.max })}
      error={errors.subject ? errorText(t, errors.subject, limits) : undefined}
      extraDescribedBy={subjectCountId}
    >
      {(describedBy) => (
        <>
          <input
            id="subject"
            name="subject"
            type="text"
            className="input"
            defaultValue={answer?.values.subject}
            aria-describedby={describedBy}
            aria-invalid={errors.subject ? true : undefined}
            onChange={(e) => setSubjectLength(e.currentTarget.value.length)}
          />
          <CharacterCount
            id="subject-counter"
            length={subjectLength}
            max={limits.values.max}
            text={(length, max) =>
              length <= max
                ? t(k("counter.remaining"), { count: max - length })
                : t(k("counter.over"), { count: length - max })
            }
          />
        </>
      )}
    </Field>
  );
}

/** The message. */
export function MessageField({ answer, errors, limits }: FieldProps) {
  const t = useT();
  return (
    <Textarea
      id="message"
      name="message"
      label={t(k("message"))}
      error={errors.message ? errorText(t, errors.message, limits) : undefined}
      rows={8}
      defaultValue={answer?.values.message}
    />
  );
}

/** Under the attachments: what the service is not for. */
export function NewMessageNotes() {
  const t = useT();
  return (
    <>
      <p className="message-form__disclaimer">{t("messaging.common.disclaimer")}</p>
      <EmergencyNotice />
    </>
  );
}
