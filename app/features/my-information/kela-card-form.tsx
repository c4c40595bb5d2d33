import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  IMAGE_SIGNATURE_BYTES,
  IMAGE_TYPES,
  MAX_IMAGE_MEGABYTES,
  detectImageType,
  type ImageType,
} from "~/lib/image-file";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { ErrorSummary, FileUpload } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useCsrfToken, useLang } from "~/ui/root-data";
import type { KelaCardFormProps } from "./kela-card";
import { KELA_CARD_SIDES, imageProblem, problemMessage, type KelaCardSide } from "./kela-card-rules";

/** One side's state (spec part 1 §3–§4): missing, ready to upload, uploading with progress, uploaded, or an error. */
type SideState =
  | { status: "missing" }
  | { status: "ready" | "uploading" | "uploaded"; file: File; type: ImageType; progress: number }
  | { status: "error"; error: string; file?: File; type?: ImageType };

type Sides = Record<KelaCardSide, SideState>;
const MISSING: Sides = { front: { status: "missing" }, back: { status: "missing" } };
const fieldId = (side: KelaCardSide) => `kela-card-${side}`;

/**
 * The Kela card's form for both sides (kela-card.tsx): without JavaScript a multipart post to the Kela card page;
 * once hydrated, each chosen file's first bytes are checked at once and sending uploads both straight to the file
 * storage, with progress, and hands the new images to the card. As the Kela card page (`page`), the page's title
 * and error summary come with it.
 */
export function KelaCardForm({
  images,
  problems = {},
  focusFirst,
  page,
  announce,
  onSaved,
  onCancel,
}: KelaCardFormProps) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const csrfToken = useCsrfToken();
  const [sides, setSides] = useState<Sides>(() => {
    const initial = { ...MISSING };
    for (const side of KELA_CARD_SIDES) {
      const problem = problems[side];
      if (problem) initial[side] = { status: "error", error: problemMessage(t, side, problem) };
    }
    return initial;
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The field focus goes to once the next render is on screen.
  const focusNext = useRef<KelaCardSide | null>(focusFirst ? "front" : null);
  const inputs = useRef<Partial<Record<KelaCardSide, HTMLInputElement | null>>>({});
  const k = (key: string) => `myInformation.kelaCard.${key}`;

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    inputs.current[target]?.focus();
  });

  const setSide = (side: KelaCardSide, state: SideState) => setSides((prev) => ({ ...prev, [side]: state }));

  async function choose(side: KelaCardSide, file: File | undefined) {
    setFailure(null);
    if (!file) return setSide(side, { status: "missing" });
    const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
    const problem = imageProblem(file.size, head);
    if (problem) {
      const error = problemMessage(t, side, problem);
      setSide(side, { status: "error", error });
      announce(error);
    } else setSide(side, { status: "ready", file, type: detectImageType(head)!, progress: 0 });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const files: Partial<Record<KelaCardSide, { file: File; type: ImageType }>> = {};
    const next = { ...sides };
    for (const side of KELA_CARD_SIDES) {
      const state = sides[side];
      if (state.status === "ready") files[side] = { file: state.file, type: state.type };
      else if (state.status !== "error") next[side] = { status: "error", error: problemMessage(t, side, "missing") };
    }
    const wrong = KELA_CARD_SIDES.filter((side) => next[side].status === "error");
    if (wrong.length || !files.front || !files.back) {
      setSides(next);
      announce(wrong.map((side) => (next[side] as { error: string }).error).join(" "));
      // The page's error summary takes focus itself; in My information the first field in error does.
      if (!page) focusNext.current = wrong[0] ?? "front";
      return;
    }
    const both = { front: files.front, back: files.back };
    setBusy(true);
    setFailure(null);
    announce(t(k("announce.uploading")));
    setSides({
      front: { status: "uploading", ...both.front, progress: 0 },
      back: { status: "uploading", ...both.back, progress: 0 },
    });
    // The upload's code is fetched when a card is sent, not with the page: most visits only look at the card.
    const upload = import("./kela-card-upload");
    try {
      const { uploadKelaCard } = await upload;
      const saved = await uploadKelaCard(both, csrfToken, {
        onProgress: (side, progress) => setSide(side, { status: "uploading", ...both[side], progress }),
        onUploaded: (side) => setSide(side, { status: "uploaded", ...both[side], progress: 100 }),
      });
      onSaved(saved);
    } catch (error) {
      const { KelaCardUploadError } = await upload.catch(() => ({ KelaCardUploadError: null }));
      const e = KelaCardUploadError && error instanceof KelaCardUploadError ? error : null;
      const message = t(k(e?.step === "load" ? "errors.loadFailed" : "errors.uploadFailed"));
      // The images stay chosen for another try, except one the server refused.
      setSides({
        front: e?.details.front
          ? { status: "error", error: e.details.front }
          : { status: "ready", ...both.front, progress: 0 },
        back: e?.details.back
          ? { status: "error", error: e.details.back }
          : { status: "ready", ...both.back, progress: 0 },
      });
      setFailure(message);
      announce([message, e?.details.front, e?.details.back].filter(Boolean).join(" "));
    } finally {
      setBusy(false);
    }
  }

  const form = (
    <form
      method="post"
      encType="multipart/form-data"
      action={href("kelaCard", lang)}
      noValidate
      onSubmit={hydrated ? submit : undefined}
    >
      <CsrfField />
      <p>{t(k(images ? "replaces" : "none"))}</p>
      {KELA_CARD_SIDES.map((side) => {
        const state = sides[side];
        const id = fieldId(side);
        return (
          <FileUpload
            key={side}
            id={id}
            name={side}
            label={t(k(`fields.${side}`))}
            hint={t(k("hint"), { megabytes: MAX_IMAGE_MEGABYTES })}
            error={state.status === "error" ? state.error : undefined}
            ref={(element) => {
              inputs.current[side] = element;
            }}
            accept={IMAGE_TYPES.join(",")}
            disabled={busy}
            onChange={(event) => void choose(side, event.currentTarget.files?.[0])}
            after={<SideStatus id={id} side={side} state={state} />}
          />
        );
      })}
      {failure ? <p className="field__error">{failure}</p> : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {t(k("submit"))}
        </button>
        {hydrated && onCancel ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            {t(k("cancel"))}
          </button>
        ) : null}
      </div>
    </form>
  );
  if (!page) return form;

  const errors = KELA_CARD_SIDES.flatMap((side) => {
    const state = sides[side];
    return state.status === "error" ? [{ id: fieldId(side), message: state.error }] : [];
  });
  return (
    <>
      <PageTitle title={page.title} hasErrors={errors.length > 0} />
      <ErrorSummary errors={errors} fieldOrder={KELA_CARD_SIDES.map(fieldId)} />
      {page.intro}
      {form}
    </>
  );
}

/** A side's state after hydration: its chosen file, the upload's progress, or that it was uploaded. */
function SideStatus({ id, side, state }: { id: string; side: KelaCardSide; state: SideState }) {
  const t = useT();
  if (state.status === "ready")
    return <p className="kela-card__status">{t("myInformation.kelaCard.status.ready", { name: state.file.name })}</p>;
  if (state.status === "uploaded")
    return <p className="kela-card__status">{t("myInformation.kelaCard.status.uploaded")}</p>;
  if (state.status !== "uploading") return null;
  return (
    <div className="kela-card__status">
      <label htmlFor={`${id}-progress`}>{t(`myInformation.kelaCard.progress.${side}`)}</label>
      <progress id={`${id}-progress`} max={100} value={state.progress}>
        {`${state.progress} %`}
      </progress>
    </div>
  );
}
