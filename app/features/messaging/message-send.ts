import type { T } from "~/lib/translate";
import { uploadAttachments } from "./attachment-upload";
import type { SetSendState } from "./message-form";
import type { MessageErrors } from "./message-view";
import { checkMessageForm } from "./message.schema";

/**
 * The hydrated message form's send (message-form.tsx), loaded with the first send rather than with the page: the
 * browser's check of the form (the schemas, with zod), then each chosen file's upload with progress, then the post
 * of the form with the uploaded files' keys instead of the files. Nothing is posted when the check found errors. A
 * failed upload is thrown: nothing was sent.
 */
export async function sendMessage({
  mode,
  form,
  t,
  onChecked,
  setState,
  post,
}: {
  mode: "new" | "reply";
  /** The form as it was sent: its fields, the chosen files and the CSRF token. */
  form: FormData;
  t: T;
  onChecked(errors: MessageErrors): void;
  setState: SetSendState;
  post(form: FormData): Promise<void>;
}): Promise<void> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  // The file field's files; with none chosen, the form data holds one empty file without a name.
  const files = form.getAll("attachments").filter((f): f is File => f instanceof File && f.name !== "");
  const found = checkMessageForm(
    mode,
    { subject: text("subject"), message: text("message") },
    files.map((f) => ({ fileName: f.name, size: f.size })),
  );
  onChecked(found);
  setState((s) => ({ ...s, failed: false }));
  if (Object.keys(found).length) return;
  if (files.length) setState((s) => ({ ...s, progress: files.map(() => 0), status: t("messaging.form.uploading") }));
  const uploaded = await uploadAttachments(files, text("csrfToken") ?? "", (index, percent) =>
    setState((s) => ({ ...s, progress: s.progress && s.progress.map((p, i) => (i === index ? percent : p)) })),
  );
  form.delete("attachments");
  for (const file of uploaded) {
    form.append("attachmentKey", file.key);
    form.append("attachmentName", file.fileName);
  }
  if (uploaded.length) setState((s) => ({ ...s, status: t("messaging.form.uploaded") }));
  await post(form);
}
