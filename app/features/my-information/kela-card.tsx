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
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useCsrfToken, useLang } from "~/ui/root-data";
import {
  KELA_CARD_SIDES,
  imageProblem,
  problemMessage,
  type ImageProblem,
  type KelaCardImages,
  type KelaCardSide,
} from "./kela-card-rules";

/** One side's state (spec part 1 §3–§4): missing, ready to upload, uploading with progress, uploaded, or an error. */
type SideState =
  | { status: "missing" }
  | { status: "ready" | "uploading" | "uploaded"; file: File; type: ImageType; progress: number }
  | { status: "error"; error: string; file?: File; type?: ImageType };

type Sides = Record<KelaCardSide, SideState>;
const MISSING: Sides = { front: { status: "missing" }, back: { status: "missing" } };
const fieldId = (side: KelaCardSide) => `kela-card-${side}`;

/**
 * The Kela card in My information: the saved images, or a form for both sides. Without JavaScript the form posts
 * both files to the Kela card page (multipart), which answers with its errors or saves and returns here. Once
 * hydrated, the same form checks each chosen file's first bytes at once, uploads both straight to the file storage
 * (init-upload, a PUT per side with progress, finish-upload) and shows the new images; "change images" opens the
 * form in place, both sides missing, and the saved images are replaced only when new ones are saved.
 *
 * `layout`: "section" inside My information (under its own h2), "page" as the Kela card page (title, error
 * summary and h1 of its own).
 */
export function KelaCard({
  images: savedImages,
  problems = {},
  layout,
}: {
  images: KelaCardImages | null;
  problems?: Partial<Record<KelaCardSide, ImageProblem>>;
  layout: "section" | "page";
}) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const csrfToken = useCsrfToken();
  const [images, setImages] = useState(savedImages);
  const [editing, setEditing] = useState(layout === "page" || !savedImages);
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
  const [announcement, setAnnouncement] = useState("");
  // Where focus goes once the next render is on screen (the part it goes to may only appear then).
  const focusNext = useRef<KelaCardSide | "images" | null>(null);
  const inputs = useRef<Partial<Record<KelaCardSide, HTMLInputElement | null>>>({});
  const imagesHeading = useRef<HTMLHeadingElement>(null);
  const k = (key: string) => `myInformation.kelaCard.${key}`;

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === "images") imagesHeading.current?.focus();
    else inputs.current[target]?.focus();
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
      setAnnouncement(error);
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
      setAnnouncement(wrong.map((side) => (next[side] as { error: string }).error).join(" "));
      // The page's error summary takes focus itself; in My information the first field in error does.
      if (layout === "section") focusNext.current = wrong[0] ?? "front";
      return;
    }
    const both = { front: files.front, back: files.back };
    setBusy(true);
    setFailure(null);
    setAnnouncement(t(k("announce.uploading")));
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
      setImages(saved);
      setSides(MISSING);
      setEditing(false);
      setAnnouncement(t(k("announce.uploaded")));
      focusNext.current = "images";
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
      setAnnouncement([message, e?.details.front, e?.details.back].filter(Boolean).join(" "));
    } finally {
      setBusy(false);
    }
  }

  function change() {
    setSides(MISSING);
    setFailure(null);
    setEditing(true);
    focusNext.current = "front";
  }

  const errors = KELA_CARD_SIDES.flatMap((side) => {
    const state = sides[side];
    return state.status === "error" ? [{ id: fieldId(side), message: state.error }] : [];
  });
  const heading = t(k("heading"));
  const Subheading = layout === "page" ? "h2" : "h3";

  const body =
    !editing && images ? (
      <>
        <Subheading ref={imagesHeading} tabIndex={-1}>
          {t(k("current"))}
        </Subheading>
        <div className="kela-card__images">
          {KELA_CARD_SIDES.map((side) => (
            <img key={side} className="kela-card__image" src={images[side]} alt={t(k(`alt.${side}`))} />
          ))}
        </div>
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={change}>
            {t(k("change"))}
          </button>
        ) : (
          <LocalizedLink to="kelaCard" className="button button--secondary">
            {t(k("change"))}
          </LocalizedLink>
        )}
      </>
    ) : (
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
          {hydrated && images && layout === "section" ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => {
                setEditing(false);
                focusNext.current = "images";
              }}
            >
              {t(k("cancel"))}
            </button>
          ) : null}
        </div>
      </form>
    );

  // Announced politely: uploading, uploaded, and what went wrong. Present from the start, so changes are read.
  const live = (
    <p className="visually-hidden" role="status">
      {announcement}
    </p>
  );

  if (layout === "page")
    return (
      <>
        <PageTitle title={`${heading} – ${t(k("myInformation"))}`} hasErrors={errors.length > 0} />
        <ErrorSummary errors={errors} fieldOrder={KELA_CARD_SIDES.map(fieldId)} />
        <h1>{heading}</h1>
        <p className="lead">{t(k("intro"))}</p>
        {body}
        {live}
        <p>
          <LocalizedLink to="myInformation">{t(k("back"))}</LocalizedLink>
        </p>
      </>
    );
  return (
    <section className="kela-card" aria-labelledby="kela-card-heading">
      <h2 id="kela-card-heading">{heading}</h2>
      <p>{t(k("intro"))}</p>
      {body}
      {live}
    </section>
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
