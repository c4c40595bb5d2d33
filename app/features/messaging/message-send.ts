import type { T } from "~/lib/translate";
import { uploadAttachments } from "./attachment-upload";
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
  files,
  csrfToken,
  t,
  onChecked,
  setProgress,
  setStatus,
  post,
}: {
  mode: "new" | "reply";
  form: FormData;
  files: File[];
  csrfToken: string;
  t: T;
  onChecked(errors: MessageErrors): void;
  setProgress(update: (progress: number[] | null) => number[] | null): void;
  setStatus(status: string): void;
  post(form: FormData): Promise<void>;
}): Promise<void> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const found = checkMessageForm(
    mode,
    { subject: text("subject"), message: text("message") },
    files.map((f) => ({ fileName: f.name, size: f.size })),
  );
  onChecked(found);
  if (Object.keys(found).length) return;
  if (files.length) {
    setProgress(() => files.map(() => 0));
    setStatus(t("messaging.form.uploading"));
  }
  const uploaded = await uploadAttachments(files, csrfToken, (index, percent) =>
    setProgress((all) => all && all.map((p, i) => (i === index ? percent : p))),
  );
  form.delete("attachments");
  for (const file of uploaded) {
    form.append("attachmentKey", file.key);
    form.append("attachmentName", file.fileName);
  }
  if (uploaded.length) setStatus(t("messaging.form.uploaded"));
  await post(form);
}
