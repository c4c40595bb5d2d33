import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { FileUpload, Textarea, errorEntries, type FieldError } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { lazyPart } from "~/ui/lazy-part";
import { useT } from "~/ui/i18n";
import { useCsrfToken, useLang } from "~/ui/root-data";
import type { T } from "~/lib/translate";
import type { FormAnswer, FormLimits, MessageErrors } from "./message-view";

// The chosen files (never on the server's page: without JavaScript the browser's file field lists them) load with
// the first choice.
const ChosenFiles = /* @__PURE__ */ lazyPart(null, () => import("./chosen-files").then((m) => m.ChosenFiles));

/** An error key as text, with the numbers any of them may name (`limits`, from the loader). */
export const errorText = (t: T, key: string, limits: FormLimits) => t(key, limits.values);

/** The error summary's entries; each links to its field, whose id is its name (ordered by `ErrorSummary`). */
export function summaryOf(errors: MessageErrors, t: T, limits: FormLimits): FieldError[] {
  return errorEntries(errors, (key) => errorText(t, key, limits));
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
  threadId,
  limits,
  fieldsBefore,
  fieldsAfter,
}: {
  mode: "new" | "reply";
  answer?: FormAnswer;
  errors: MessageErrors;
  onClientErrors(errors: MessageErrors): void;
  threadId?: string;
  /** What the form shows of the rules, from the loader. */
  limits: FormLimits;
  /** The page's own parts of the form before the message (a new conversation's recipient and subject)… */
  fieldsBefore?: ReactNode;
  /** …and after the attachments (its disclaimer). */
  fieldsAfter?: ReactNode;
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
  const fileInput = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const choices = useRef(0);
  const failureRef = useRef<HTMLDivElement>(null);
  const busy = progress !== null || (navigation.state === "submitting" && navigation.formAction === action);
  const failed = uploadFailed || answer?.failure === "send";
  const k = (key: string) => `messaging.form.${key}`;

  useEffect(() => {
    if (uploadFailed) failureRef.current?.focus();
  }, [uploadFailed]);

  // Chosen files are checked at once, at the field only: the summary (and its focus) waits for Send.
  // The check loads with the first choice, not with the page; a later choice makes an earlier one's check stale.
  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    const choice = ++choices.current;
    setFiles(chosen);
    setUploadFailed(false);
    import("./chosen-files")
      .then((files) => files.problemOf(chosen))
      // Not loaded: the check before sending finds the same.
      .catch(() => null)
      .then((problem) => {
        if (choice !== choices.current) return;
        setFileProblem(problem);
        setStatus(problem ? errorText(t, problem, limits) : "");
      });
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sending.current) return;
    sending.current = true;
    const form = new FormData(event.currentTarget);
    const chosen = Array.from(fileInput.current?.files ?? []);
    try {
      // The checks (zod) and the upload load with the first send, not with the page.
      const send = await import("./message-send");
      await send.sendMessage({
        mode,
        form,
        files: chosen,
        csrfToken,
        t,
        onChecked(found) {
          onClientErrors(found);
          setUploadFailed(false);
        },
        setProgress,
        setStatus,
        post: (prepared) => submit(prepared, { method: "post", action, encType: "multipart/form-data" }),
      });
    } catch {
      // An upload, or loading the checks, failed: nothing was sent, and the form stays as it was for another try.
      setUploadFailed(true);
      setStatus(t(k(mode === "new" ? "errors.sendFailed" : "errors.replyFailed")));
    } finally {
      sending.current = false;
      setProgress(null);
    }
  }

  const shown: MessageErrors = { ...errors, attachments: fileProblem ?? errors.attachments };
  const error = (field: keyof MessageErrors) => (shown[field] ? errorText(t, shown[field], limits) : undefined);
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
      {fieldsBefore}
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
        hint={t(k("attachmentsHint"), limits.values)}
        error={error("attachments")}
        ref={fileInput}
        multiple
        accept={limits.accept}
        onChange={(e) => choose(e.currentTarget.files)}
        after={hydrated && files.length ? <ChosenFiles files={files} progress={progress} /> : null}
      />
      {fieldsAfter}
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
