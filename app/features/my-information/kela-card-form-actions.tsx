import { IMAGE_SIGNATURE_BYTES, detectImageType, type ImageType } from "~/lib/image-file";
import type { T } from "~/lib/translate";
import { useT } from "~/ui/i18n";
import type { KelaCardImages } from "./kela-card-sides";
import { KELA_CARD_SIDES, imageProblem, problemMessage, type KelaCardSide } from "./kela-card-rules";

/**
 * What the Kela card's form (kela-card-form.tsx) does once a file is chosen or the form is sent with JavaScript:
 * the browser loads it when a field of the form first has focus (or at the latest when a file is chosen or the form
 * sent), since the form itself renders and posts without it.
 */

/** One side's state (spec part 1 §3–§4): missing, ready to upload, uploading with progress, uploaded, or an error. */
export type SideState =
  | { status: "missing" }
  | { status: "ready" | "uploading" | "uploaded"; file: File; type: ImageType; progress: number }
  | { status: "error"; error: string; file?: File; type?: ImageType };

export type Sides = Record<KelaCardSide, SideState>;

/** The form's state and its setters, as the form hands them over. */
export type FormState = {
  t: T;
  sides: Sides;
  csrfToken: string;
  /** As the Kela card page: its error summary takes focus itself. */
  page: boolean;
  setSide(side: KelaCardSide, state: SideState): void;
  setSides(sides: Sides): void;
  setBusy(busy: boolean): void;
  setFailure(failure: string | null): void;
  /** Moves focus to the side's field once the next render is on screen. */
  focus(side: KelaCardSide): void;
  announce(text: string): void;
  onSaved(images: KelaCardImages): void;
};

const k = (key: string) => `myInformation.kelaCard.${key}`;

/** A file was chosen (or the choice cleared) for `side`: its first bytes are checked at once. */
export async function choose(form: FormState, side: KelaCardSide, file: File | undefined) {
  form.setFailure(null);
  if (!file) return form.setSide(side, { status: "missing" });
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  const problem = imageProblem(file.size, head);
  if (problem) {
    const error = problemMessage(form.t, side, problem);
    form.setSide(side, { status: "error", error });
    form.announce(error);
  } else form.setSide(side, { status: "ready", file, type: detectImageType(head)!, progress: 0 });
}

/** The form was sent: both sides are uploaded straight to the file storage, with progress, or their errors shown. */
export async function send(form: FormState) {
  const { t, sides } = form;
  const files: Partial<Record<KelaCardSide, { file: File; type: ImageType }>> = {};
  const next = { ...sides };
  for (const side of KELA_CARD_SIDES) {
    const state = sides[side];
    if (state.status === "ready") files[side] = { file: state.file, type: state.type };
    else if (state.status !== "error") next[side] = { status: "error", error: problemMessage(t, side, "missing") };
  }
  const wrong = KELA_CARD_SIDES.filter((side) => next[side].status === "error");
  if (wrong.length || !files.front || !files.back) {
    form.setSides(next);
    form.announce(wrong.map((side) => (next[side] as { error: string }).error).join(" "));
    // The page's error summary takes focus itself; in My information the first field in error does.
    if (!form.page) form.focus(wrong[0] ?? "front");
    return;
  }
  const both = { front: files.front, back: files.back };
  form.setBusy(true);
  form.setFailure(null);
  form.announce(t(k("announce.uploading")));
  form.setSides({
    front: { status: "uploading", ...both.front, progress: 0 },
    back: { status: "uploading", ...both.back, progress: 0 },
  });
  // The upload's code is fetched when a card is sent, not with the form: most visits only look at the card.
  const upload = import("./kela-card-upload");
  try {
    const { uploadKelaCard } = await upload;
    const saved = await uploadKelaCard(both, form.csrfToken, {
      onProgress: (side, progress) => form.setSide(side, { status: "uploading", ...both[side], progress }),
      onUploaded: (side) => form.setSide(side, { status: "uploaded", ...both[side], progress: 100 }),
    });
    form.onSaved(saved);
  } catch (error) {
    const { KelaCardUploadError } = await upload.catch(() => ({ KelaCardUploadError: null }));
    const e = KelaCardUploadError && error instanceof KelaCardUploadError ? error : null;
    const message = t(k(e?.step === "load" ? "errors.loadFailed" : "errors.uploadFailed"));
    // The images stay chosen for another try, except one the server refused.
    form.setSides({
      front: e?.details.front
        ? { status: "error", error: e.details.front }
        : { status: "ready", ...both.front, progress: 0 },
      back: e?.details.back
        ? { status: "error", error: e.details.back }
        : { status: "ready", ...both.back, progress: 0 },
    });
    form.setFailure(message);
    form.announce([message, e?.details.front, e?.details.back].filter(Boolean).join(" "));
  } finally {
    form.setBusy(false);
  }
}

/** A side's state once a file is chosen: the file, the upload's progress, or that it was uploaded. */
export function SideStatus({ id, side, state }: { id: string; side: KelaCardSide; state: SideState }) {
  const t = useT();
  if (state.status === "ready")
    return <p className="kela-card__status">{t(k("status.ready"), { name: state.file.name })}</p>;
  if (state.status === "uploaded") return <p className="kela-card__status">{t(k("status.uploaded"))}</p>;
  if (state.status !== "uploading") return null;
  return (
    <div className="kela-card__status">
      <label htmlFor={`${id}-progress`}>{t(k(`progress.${side}`))}</label>
      <progress id={`${id}-progress`} max={100} value={state.progress}>
        {`${state.progress} %`}
      </progress>
    </div>
  );
}
