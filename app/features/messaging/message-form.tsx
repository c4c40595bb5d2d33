import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { CsrfField } from "~/ui/csrf-field";
import { FileUpload, type FieldError } from "~/ui/form";
import { lazyPart } from "~/ui/lazy-part";
import { useT } from "~/ui/i18n";
import type { T } from "~/lib/translate";
import type { FormAnswer, FormLimits, MessageErrors } from "./message-view";

// The chosen files (never on the server's page: without JavaScript the browser's file field lists them) load with
// the first choice.
const ChosenFiles = /* @__PURE__ */ lazyPart(null, () => import("./chosen-files").then((m) => m.ChosenFiles));

/**
 * What the hydrated form shows besides its fields, set by the code that loads with the first choice of files
 * (chosen-files.tsx) and with the first send (message-send.ts): the files chosen, their upload's progress (while
 * uploading), that an upload failed, the problem with the chosen files (an error key) and its live region's text.
 */
export type SendState = {
  files: File[];
  progress: number[] | null;
  failed: boolean;
  fileProblem: string | null;
  status: string;
};
export type SetSendState = (update: (state: SendState) => SendState) => void;

const IDLE: SendState = { files: [], progress: null, failed: false, fileProblem: null, status: "" };

// A later choice of files makes an earlier one's check stale (one message form on a page).
let choices = 0;

/** An error key as text, with the numbers any of them may name (`limits`, from the loader). */
export const errorText = (t: T, key: string, limits: FormLimits) => t(key, limits.values);

/**
 * The error summary's entries; each links to its field, whose id is its name (ordered by `ErrorSummary`). Written
 * out rather than with `errorEntries` (~/ui/form/errors.ts), whose chunk the pages would load for this alone.
 */
export function summaryOf(errors: MessageErrors, t: T, limits: FormLimits): FieldError[] {
  return Object.entries(errors).flatMap(([id, key]) => (key ? [{ id, message: errorText(t, key, limits) }] : []));
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
 * (`mode` "reply": message, attachments); the message field, and any before it, are the page's own. Without
 * JavaScript it is one multipart post with the files. Once hydrated, the browser checks the form first (the same rules as the server), uploads each file with progress and
 * then posts the form with the uploaded files' keys instead of the files. The inputs keep their ids either way, so
 * the error summary's links always find them.
 */
export function MessageForm({
  mode,
  answer,
  errors,
  onClientErrors,
  action,
  limits,
  fieldsBefore,
  fieldsAfter,
}: {
  mode: "new" | "reply";
  answer?: FormAnswer;
  errors: MessageErrors;
  onClientErrors(errors: MessageErrors): void;
  /** Where it posts: the page's own address (from the loader). */
  action: string;
  /** What the form shows of the rules, from the loader. */
  limits: FormLimits;
  /**
   * The page's own parts of the form before the attachments: the message (new-message-fields.tsx, a reply's in
   * conversation-page.tsx) and a new conversation's recipient and subject before it…
   */
  fieldsBefore: ReactNode;
  /** …and after the attachments (its disclaimer). */
  fieldsAfter?: ReactNode;
}) {
  const t = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [state, setState] = useState(IDLE);
  const { files, progress, failed: uploadFailed, fileProblem, status } = state;
  const sending = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const busy = progress !== null || (navigation.state === "submitting" && navigation.formAction === action);
  const k = (key: string) => `messaging.form.${key}`;
  const failure = t(k(mode === "new" ? "errors.sendFailed" : "errors.replyFailed"));

  useEffect(() => {
    if (uploadFailed) failureRef.current?.focus();
  }, [uploadFailed]);

  // A problem found with the files as they were chosen stands before the form's own.
  const attachmentsError = fileProblem ?? errors.attachments;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      noValidate
      className={`message-form message-form--${mode}`}
      onSubmit={(event) => {
        // Once hydrated: the checks (zod) and the upload load with the first send, not with the page.
        event.preventDefault();
        if (busy || sending.current) return;
        sending.current = true;
        const form = new FormData(event.currentTarget);
        import("./message-send")
          .then((send) =>
            send.sendMessage({
              mode,
              form,
              t,
              onChecked: onClientErrors,
              setState,
              post: (prepared) => submit(prepared, { method: "post", action, encType: "multipart/form-data" }),
            }),
          )
          // An upload, or loading the checks, failed: nothing was sent, and the form stays as it was for another try.
          .catch(() => setState((s) => ({ ...s, failed: true, status: failure })))
          .finally(() => {
            sending.current = false;
            setState((s) => ({ ...s, progress: null }));
          });
      }}
    >
      <CsrfField />
      {uploadFailed || answer?.failure === "send" ? (
        <div className="banner banner--error" role="alert" tabIndex={-1} ref={failureRef} data-result-heading="">
          <p className="banner__title">{t("common.notice.error")}</p>
          <div className="banner__content">
            <p>{failure}</p>
          </div>
        </div>
      ) : null}
      {fieldsBefore}
      <FileUpload
        id="attachments"
        name="attachments"
        label={t(k("attachments"))}
        hint={t(k("attachmentsHint"), limits.values)}
        error={attachmentsError ? errorText(t, attachmentsError, limits) : undefined}
        multiple
        accept={limits.accept}
        onChange={(event) => {
          // Chosen files are checked at once, at the field only: the summary (and its focus) waits for Send. The
          // check loads with the first choice, not with the page; not loaded, the check before sending finds the same.
          const chosen = Array.from(event.currentTarget.files ?? []);
          const choice = ++choices;
          import("./chosen-files")
            .then(
              (m) => m.chosenState(chosen, (key) => errorText(t, key, limits)),
              () => IDLE,
            )
            .then(({ files, fileProblem, status }) => {
              if (choice === choices) setState((s) => ({ ...s, files, failed: false, fileProblem, status }));
            });
        }}
        after={files.length ? <ChosenFiles files={files} progress={progress} /> : null}
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
