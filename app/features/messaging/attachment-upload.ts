import { createAttachmentUpload } from "./client";
import { attachmentContentType } from "./rules";

/**
 * The browser's side of a message's attachments (spec part 2 §7): for each file `CreateAttachmentUpload` gives a
 * key and a signed URL, the file is PUT there with the headers it names (progress reported), and the message then
 * carries the keys. Any failure is thrown as an AttachmentUploadError.
 */

/** Spec part 1 §9: an upload may take 120 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

class AttachmentUploadError extends Error {
  constructor(readonly fileName: string) {
    super(`Uploading ${fileName} failed`);
  }
}

type UploadTarget = { url: string; headers: { name: string; value: string }[] };

/** Whole percent of an upload, clamped to 0–100 (a browser may report a little more than the file's size). */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

/** PUT of one file to its signed URL with exactly the given headers, reporting progress. */
function putFile(file: File, target: UploadTarget, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = () => reject(new AttachmentUploadError(file.name));
    xhr.open("PUT", target.url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const { name, value } of target.headers) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(percentOf(event.loaded, event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else fail();
    };
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.onabort = fail;
    xhr.send(file);
  });
}

/**
 * Uploads the files one after another (a message has a few files, and one at a time keeps the progress readable)
 * and resolves to what the message form posts: each file's key and name.
 */
export async function uploadAttachments(
  files: File[],
  csrfToken: string,
  onProgress: (index: number, percent: number) => void,
): Promise<{ key: string; fileName: string }[]> {
  const uploaded: { key: string; fileName: string }[] = [];
  for (const [index, file] of files.entries()) {
    // The type the server stores comes from the name; the browser's guess (often empty) does not count.
    const contentType = attachmentContentType(file.name) ?? file.type;
    let target: Awaited<ReturnType<typeof createAttachmentUpload>>;
    try {
      target = await createAttachmentUpload(file.name, contentType, csrfToken);
    } catch {
      throw new AttachmentUploadError(file.name);
    }
    await putFile(file, target, (percent) => onProgress(index, percent));
    uploaded.push({ key: target.key, fileName: file.name });
  }
  return uploaded;
}
