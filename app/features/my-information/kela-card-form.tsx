import { useEffect, useRef, useState, type FormEvent } from "react";
import { IMAGE_TYPES, MAX_IMAGE_MEGABYTES } from "~/lib/image-file";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { ErrorSummary, FileUpload } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useCsrfToken, useLang } from "~/ui/root-data";
import type { KelaCardFormProps } from "./kela-card";
import type { FormState, SideState, Sides } from "./kela-card-form-actions";
import { KELA_CARD_SIDES, problemMessage, type KelaCardSide } from "./kela-card-rules";

const MISSING: Sides = { front: { status: "missing" }, back: { status: "missing" } };
const fieldId = (side: KelaCardSide) => `kela-card-${side}`;

// What happens once a file is chosen or the form is sent with JavaScript (kela-card-form-actions.tsx): loaded when a
// field of the form first has focus, or at the latest then; the form renders and posts without it.
let actions: Pick<typeof import("./kela-card-form-actions"), "choose" | "send" | "SideStatus"> | null = null;
const loadActions = () =>
  import("./kela-card-form-actions").then(({ choose, send, SideStatus }) => (actions = { choose, send, SideStatus }));

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

  const formState: FormState = {
    t,
    sides,
    csrfToken,
    page: !!page,
    setSide,
    setSides,
    setBusy,
    setFailure,
    focus: (side) => (focusNext.current = side),
    announce,
    onSaved,
  };

  function choose(side: KelaCardSide, file: File | undefined) {
    void loadActions()
      .then((m) => m.choose(formState, side, file))
      .catch(() => {});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (actions) return void actions.send(formState);
    // Not loaded yet (sent at once): sent when it is, or posted as without JavaScript if it cannot be fetched.
    const element = event.currentTarget;
    void loadActions().then(
      (m) => m.send(formState),
      () => element.submit(),
    );
  }

  const form = (
    <form
      method="post"
      encType="multipart/form-data"
      action={href("kelaCard", lang)}
      noValidate
      onSubmit={hydrated ? submit : undefined}
      onFocus={hydrated ? () => void loadActions().catch(() => {}) : undefined}
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
            onChange={(event) => choose(side, event.currentTarget.files?.[0])}
            after={
              actions && state.status !== "missing" && state.status !== "error" ? (
                <actions.SideStatus id={id} side={side} state={state} />
              ) : null
            }
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
