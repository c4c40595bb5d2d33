import { uploadAttachments } from "./attachment-upload";
import type { MessageErrors } from "./message-view";
import { checkMessageForm } from "./message.schema";

/**
 * The hydrated message form's send (message-form.tsx), loaded with the first send rather than with the page: the
 * browser's check of the form (the schemas, with zod), then each chosen file's upload with progress. Answers the
 * form to post, with the uploaded files' keys instead of the files; null when the check found errors. A failed
 * upload is thrown: nothing was sent.
 */
export async function prepareMessage({
  mode,
  form,
  files,
  csrfToken,
  onChecked,
  onUploading,
  onProgress,
}: {
  mode: "new" | "reply";
  form: FormData;
  files: File[];
  csrfToken: string;
  onChecked(errors: MessageErrors): void;
  onUploading(): void;
  onProgress(index: number, percent: number): void;
}): Promise<{ form: FormData; uploaded: number } | null> {
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
  if (Object.keys(found).length) return null;
  if (files.length) onUploading();
  const uploaded = await uploadAttachments(files, csrfToken, onProgress);
  form.delete("attachments");
  for (const file of uploaded) {
    form.append("attachmentKey", file.key);
    form.append("attachmentName", file.fileName);
  }
  return { form, uploaded: uploaded.length };
}
