import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import {
  CharacterCount,
  Field,
  FileUpload,
  Textarea,
  errorEntries,
  useCharacterCountId,
  type FieldError,
} from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { useCsrfToken, useLang } from "~/ui/root-data";
import type { T } from "~/lib/translate";
import { uploadAttachments } from "./attachment-upload";
import {
  ERROR_TEXT_VALUES,
  attachmentErrorKey,
  type FormAnswer,
  type MessageErrors,
  type RecipientLink,
} from "./message-view";
import { EmergencyNotice } from "./notices";
import { ATTACHMENT_ACCEPT, SUBJECT_MAX_LENGTH, checkAttachments } from "./rules";

/** An error key as text, with the numbers any of them may name. */
export const errorText = (t: T, key: string) => t(key, ERROR_TEXT_VALUES);

/** The error summary's entries; each links to its field, whose id is its name (ordered by `ErrorSummary`). */
export function summaryOf(errors: MessageErrors, t: T): FieldError[] {
  return errorEntries(errors, (key) => errorText(t, key));
}

/**
 * The errors a message page shows: the browser's own check (before anything is uploaded) until the server answers
 * again, else the server's. The page renders the summary above its heading; the form shows them at the fields.
 */
export function useMessageErrors(answer: FormAnswer | undefined) {
  // The browser's errors belong to the answer they were found after; a new answer makes them stale.
  const [found, setFound] = useState<{ after: FormAnswer | undefined; errors: MessageErrors } | null>(null);
  const errors = found && found.after === answer ? found.errors : (answer?.errors ?? {});
  const setClientErrors = useCallback((next: MessageErrors) => setFound({ after: answer, errors: next }), [answer]);
  return { errors, setClientErrors };
}

/** "1,2 MB", "340 kB": the size of a chosen file. */
export function fileSize(bytes: number, lang: Lang): string {
  const format = (n: number, digits: number) =>
    new Intl.NumberFormat(lang === "en" ? "en-GB" : `${lang}-FI`, { maximumFractionDigits: digits }).format(n);
  if (bytes >= 1_000_000) return `${format(bytes / 1_000_000, 1)} MB`;
  return `${format(Math.max(1, Math.round(bytes / 1000)), 0)} kB`;
}

/**
 * The message form of the new-conversation page (`mode` "new": subject, message, attachments) and of a thread
 * (`mode` "reply": message, attachments). Without JavaScript it is one multipart post with the files. Once
 * hydrated, the browser checks the form first (the same rules as the server), uploads each file with progress and
 * then posts the form with the uploaded files' keys instead of the files. The inputs keep their ids either way, so
 * the error summary's links always find them.
 */
export function MessageForm({
  mode,
  answer,
  errors,
  onClientErrors,
  recipient,
  team = [],
  threadId,
}: {
  mode: "new" | "reply";
  answer?: FormAnswer;
  errors: MessageErrors;
  onClientErrors(errors: MessageErrors): void;
  recipient?: RecipientLink;
  /** The care team's members, named under the recipient. */
  team?: { name: string; title: string | null }[];
  threadId?: string;
}) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const csrfToken = useCsrfToken();
  const submit = useSubmit();
  const navigation = useNavigation();
  const action = mode === "new" ? href("newConversation", lang) : href("conversation", lang, { threadId: threadId! });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [subjectLength, setSubjectLength] = useState(answer?.values.subject?.length ?? 0);
  const subjectCountId = useCharacterCountId("subject-counter");
  const fileInput = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const busy = progress !== null || (navigation.state === "submitting" && navigation.formAction === action);
  const failed = uploadFailed || answer?.failure === "send";
  const k = (key: string) => `messaging.form.${key}`;

  useEffect(() => {
    if (uploadFailed) failureRef.current?.focus();
  }, [uploadFailed]);

  // Chosen files are checked at once, at the field only: the summary (and its focus) waits for Send.
  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    setFiles(chosen);
    setUploadFailed(false);
    const problem = chosen.length ? checkAttachments(chosen.map((f) => ({ fileName: f.name, size: f.size }))) : null;
    setFileProblem(problem ? attachmentErrorKey(problem) : null);
    setStatus(problem ? errorText(t, attachmentErrorKey(problem)) : "");
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sending.current) return;
    sending.current = true;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : undefined;
    };
    const chosen = Array.from(fileInput.current?.files ?? []);
    const failed = () => {
      setUploadFailed(true);
      setStatus(t(k(mode === "new" ? "errors.sendFailed" : "errors.replyFailed")));
    };
    try {
      // The schemas (zod) load with the first send, not with the page.
      const { checkMessageForm } = await import("./message.schema");
      const found = checkMessageForm(
        mode,
        { subject: text("subject"), message: text("message") },
        chosen.map((f) => ({ fileName: f.name, size: f.size })),
      );
      onClientErrors(found);
      setUploadFailed(false);
      if (Object.keys(found).length) return;
      if (chosen.length) {
        setProgress(chosen.map(() => 0));
        setStatus(t(k("uploading")));
      }
      const uploaded = await uploadAttachments(chosen, csrfToken, (index, percent) =>
        setProgress((all) => all && all.map((p, i) => (i === index ? percent : p))),
      );
      form.delete("attachments");
      for (const file of uploaded) {
        form.append("attachmentKey", file.key);
        form.append("attachmentName", file.fileName);
      }
      if (uploaded.length) setStatus(t(k("uploaded")));
      await submit(form, { method: "post", action, encType: "multipart/form-data" });
    } catch {
      // An upload, or loading the checks, failed: nothing was sent, and the form stays as it was for another try.
      failed();
    } finally {
      sending.current = false;
      setProgress(null);
    }
  }

  const shown: MessageErrors = { ...errors, attachments: fileProblem ?? errors.attachments };
  const error = (field: keyof MessageErrors) => (shown[field] ? errorText(t, shown[field]) : undefined);
  const recipientHref = recipient
    ? recipient.to === "home"
      ? `${href("home", lang)}#${recipient.hash}`
      : href("occupationalHealthTeam", lang)
    : null;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      noValidate
      className={`message-form message-form--${mode}`}
      onSubmit={hydrated ? send : undefined}
    >
      <CsrfField />
      {failed ? (
        <div className="banner banner--error" role="alert" tabIndex={-1} ref={failureRef} data-result-heading="">
          <p className="banner__title">{t("common.notice.error")}</p>
          <div className="banner__content">
            <p>{t(k(mode === "new" ? "errors.sendFailed" : "errors.replyFailed"))}</p>
          </div>
        </div>
      ) : null}
      {recipientHref ? (
        <div className="field message-form__recipient">
          <p className="field__label">{t(k("recipient"))}</p>
          <p>
            <a href={recipientHref}>{t(k("recipientTeam"))}</a>
          </p>
          {team.length ? (
            <p className="field__hint">
              {t(k("teamMembers"), {
                names: team.map((m) => (m.title ? `${m.name} (${m.title})` : m.name)).join(", "),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      {mode === "new" ? (
        <Field
          id="subject"
          label={t(k("subject"))}
          hint={t(k("subjectHint"), { max: SUBJECT_MAX_LENGTH })}
          error={error("subject")}
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
                max={SUBJECT_MAX_LENGTH}
                text={(length, max) =>
                  length <= max
                    ? t(k("counter.remaining"), { count: max - length })
                    : t(k("counter.over"), { count: length - max })
                }
              />
            </>
          )}
        </Field>
      ) : null}
      <Textarea
        id="message"
        name="message"
        label={t(k(mode === "new" ? "message" : "reply"))}
        error={error("message")}
        rows={mode === "new" ? 8 : 5}
        defaultValue={answer?.values.message}
      />
      <FileUpload
        id="attachments"
        name="attachments"
        label={t(k("attachments"))}
        hint={t(k("attachmentsHint"), ERROR_TEXT_VALUES)}
        error={error("attachments")}
        ref={fileInput}
        multiple
        accept={ATTACHMENT_ACCEPT}
        onChange={(e) => choose(e.currentTarget.files)}
        after={
          hydrated && files.length ? (
            <ul className="attachment-list" aria-label={t(k("chosen"))}>
              {files.map((file, i) => (
                <li key={`${file.name}-${i}`}>
                  {t(k("fileSize"), { name: file.name, size: fileSize(file.size, lang) })}
                  {progress ? (
                    <progress max={100} value={progress[i]} aria-label={t(k("progress"), { name: file.name })}>
                      {`${progress[i]} %`}
                    </progress>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null
        }
      />
      {mode === "new" ? (
        <>
          <p className="message-form__disclaimer">{t("messaging.common.disclaimer")}</p>
          <EmergencyNotice />
        </>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <div className="button-row">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t(k("sending")) : t(k(mode === "new" ? "send" : "sendReply"))}
        </button>
      </div>
    </Form>
  );
}
