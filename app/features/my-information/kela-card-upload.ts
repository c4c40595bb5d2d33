import type { ImageType } from "~/lib/image-file";
import { API_PATHS } from "~/route-table/api-paths";
import { KELA_CARD_SIDES, type InitUploadAnswer, type KelaCardImages, type KelaCardSide } from "./kela-card-rules";

/**
 * The browser's side of a Kela card upload (spec part 1 §7): init-upload, a PUT of each file to its signed URL
 * with progress, finish-upload, then the new images' URLs. Every failure is thrown as a KelaCardUploadError.
 */

/** Spec §9: an upload may take 120 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

export class KelaCardUploadError extends Error {
  constructor(
    /** Which call failed: the answer says whether to blame the images or the connection. */
    readonly step: "init" | "put" | "finish" | "load",
    /** Messages of the server's validation answer by side, when it gave one. */
    readonly details: Partial<Record<KelaCardSide, string>> = {},
  ) {
    super(`Kela card upload failed at ${step}`);
  }
}

/** An upload's progress in whole percent; anything outside 0–100 is an error (spec §5). */
export function progressPercent(loaded: number, total: number): number {
  const share = loaded / total;
  if (!(share >= 0 && share <= 1)) throw new RangeError(`progress ${loaded} of ${total}`);
  return Math.round(share * 100);
}

async function json(response: Response, step: KelaCardUploadError["step"]): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const details: Partial<Record<KelaCardSide, string>> = {};
  const list = (body as { details?: { path?: unknown; message?: unknown }[] } | null)?.details;
  for (const d of Array.isArray(list) ? list : []) {
    const side = KELA_CARD_SIDES.find((s) => typeof d.path === "string" && d.path.split(".").includes(s));
    if (side && typeof d.message === "string") details[side] = d.message;
  }
  throw new KelaCardUploadError(step, details);
}

/** PUT of one file to its signed URL, with exactly the headers init-upload gave, reporting progress. */
function put(file: File, target: InitUploadAnswer[KelaCardSide], onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = () => reject(new KelaCardUploadError("put"));
    xhr.open("PUT", target.url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(target.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      try {
        onProgress(progressPercent(event.loaded, event.total));
      } catch {
        xhr.abort();
        fail();
      }
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : fail());
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.onabort = fail;
    xhr.send(file);
  });
}

/**
 * Uploads both sides: `files` with the types their bytes showed (the type the browser guessed from the name does
 * not count). Resolves to the saved images' URLs.
 */
export async function uploadKelaCard(
  files: Record<KelaCardSide, { file: File; type: ImageType }>,
  csrfToken: string,
  on: { onProgress(side: KelaCardSide, percent: number): void; onUploaded(side: KelaCardSide): void },
): Promise<KelaCardImages> {
  const query = (extra: Record<string, string> = {}) => `?${new URLSearchParams({ csrfToken, ...extra })}`;
  const init = (await json(
    await fetch(API_PATHS.kelaCardInitUpload + query(), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mimetypes: { front: files.front.type, back: files.back.type } }),
    }),
    "init",
  )) as InitUploadAnswer;
  await Promise.all(
    KELA_CARD_SIDES.map(async (side) => {
      await put(files[side].file, init[side], (percent) => on.onProgress(side, percent));
      on.onUploaded(side);
    }),
  );
  await json(await fetch(API_PATHS.kelaCardFinishUpload + query({ token: init.token })), "finish");
  return loadKelaCard();
}

/** The current images' URLs (GET /api/kela-card). */
export async function loadKelaCard(): Promise<KelaCardImages> {
  try {
    const answer = (await json(await fetch(API_PATHS.kelaCard), "load")) as {
      imageUrl?: { front?: unknown; back?: unknown } | null;
    } | null;
    const { front, back } = answer?.imageUrl ?? {};
    if (typeof front === "string" && typeof back === "string") return { front, back };
  } catch {
    // reported below as a load failure
  }
  throw new KelaCardUploadError("load");
}
