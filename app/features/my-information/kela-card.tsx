import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { KELA_CARD_SIDES, type ImageProblem, type KelaCardImages, type KelaCardSide } from "./kela-card-sides";

/** What the Kela card gives its upload form (kela-card-form.tsx). */
export type KelaCardFormProps = {
  /** The saved images, if any: new ones replace them. */
  images: KelaCardImages | null;
  /** The problems of the last post without JavaScript, by side. */
  problems?: Partial<Record<KelaCardSide, ImageProblem>>;
  /** Whether the form was opened by "change images": its first field then takes focus. */
  focusFirst: boolean;
  /** As the Kela card page: the page's title and its heading and lead, under the form's error summary. */
  page?: { title: string; intro: ReactNode };
  /** Says a text in the card's status region. */
  announce(text: string): void;
  /** The new images were saved: the card shows them. */
  onSaved(images: KelaCardImages): void;
  /** Back to the saved images without changing them, where that is offered. */
  onCancel?(): void;
};

/**
 * The Kela card in My information: the saved images, or a form for both sides. Without JavaScript the form posts
 * both files to the Kela card page (multipart), which answers with its errors or saves and returns here. Once
 * hydrated, the same form checks each chosen file's first bytes at once, uploads both straight to the file storage
 * (init-upload, a PUT per side with progress, finish-upload) and shows the new images; "change images" opens the
 * form in place, both sides missing, and the saved images are replaced only when new ones are saved.
 *
 * `page`: as the Kela card page (title, error summary and h1 of its own), else a section inside My information
 * (under its own h2); `frame` places the card's body and status region as the page or the section does. `Form`: the
 * upload form (kela-card-form.tsx), which My information loads only when it is shown; `prepareForm` starts loading it
 * when "change images" is about to be pressed.
 */
export function KelaCard({
  images: savedImages,
  problems,
  page,
  frame,
  Form,
  prepareForm,
}: {
  images: KelaCardImages | null;
  problems?: Partial<Record<KelaCardSide, ImageProblem>>;
  /** As the Kela card page: the page's title and its heading and lead. */
  page?: { title: string; intro: ReactNode };
  /** The card as the page shows it: its body (the images or the form), its status region, whether the form is shown. */
  frame(body: ReactNode, live: ReactNode, form: boolean): ReactNode;
  Form: ComponentType<KelaCardFormProps>;
  prepareForm?: () => void;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [images, setImages] = useState(savedImages);
  // The form as the page came (with the posted problems), the form opened by "change images", or none.
  const [form, setForm] = useState<"initial" | "change" | null>(page || !savedImages ? "initial" : null);
  const [announcement, setAnnouncement] = useState("");
  // Focus goes to the images once the render that shows them is on screen.
  const focusImages = useRef(false);
  const imagesHeading = useRef<HTMLHeadingElement>(null);
  const k = (key: string) => `myInformation.kelaCard.${key}`;

  useEffect(() => {
    if (!focusImages.current) return;
    focusImages.current = false;
    imagesHeading.current?.focus();
  });

  function showImages() {
    setForm(null);
    focusImages.current = true;
  }

  const Subheading = page ? "h2" : "h3";

  const body =
    !form && images ? (
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
          <button
            type="button"
            className="button button--secondary"
            onPointerEnter={prepareForm}
            onFocus={prepareForm}
            onClick={() => setForm("change")}
          >
            {t(k("change"))}
          </button>
        ) : (
          <LocalizedLink to="kelaCard" className="button button--secondary">
            {t(k("change"))}
          </LocalizedLink>
        )}
      </>
    ) : (
      <Form
        images={images}
        problems={form === "initial" ? problems : undefined}
        focusFirst={form === "change"}
        page={page}
        announce={setAnnouncement}
        onSaved={(saved) => {
          setImages(saved);
          setAnnouncement(t(k("announce.uploaded")));
          showImages();
        }}
        onCancel={images && !page ? showImages : undefined}
      />
    );

  // Announced politely: uploading, uploaded, and what went wrong. Present from the start, so changes are read.
  const live = (
    <p className="visually-hidden" role="status">
      {announcement}
    </p>
  );

  return frame(body, live, !!form);
}
