import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { href } from "~/route-table";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { PrescriptionsPage } from "./prescriptions.server";
import type { LineRun, ListedPrescription } from "./rules";

/** The id of a prescription's checkbox (the error summary links to the first one). */
export const checkboxId = (id: number) => `prescription-${id}`;

/**
 * The prescriptions, newest first (spec part 2 §2, §4 "Prescription selection"). When renewal is possible, the
 * renewable ones have a checkbox and the list is a GET form to the list itself, which sends the chosen ids on to
 * the renewal page (see `prescriptionsLoader`): without JavaScript by its submit buttons (the chosen ones, or all
 * renewable ones). Once hydrated the selection also shows in a cart below the list, updated in place and
 * announced, with a remove button per prescription and the button to the renewal page.
 */
export function PrescriptionList({ page }: { page: PrescriptionsPage }) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<number[]>([]);
  // Where focus goes once a removal from the cart has rendered (the removed button is gone by then).
  const focusAfterRemove = useRef<string | null>(null);
  const cartHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusAfterRemove.current) return;
    (document.getElementById(focusAfterRemove.current) ?? cartHeading.current)?.focus();
    focusAfterRemove.current = null;
  }, [chosen]);

  const { prescriptions, renewal } = page;
  if (!prescriptions.length) return <p className="card card__empty">{t("prescriptions.list.empty")}</p>;

  const selectable = renewal === "ok";
  const renewable = prescriptions.filter((p) => p.isRenewable);
  // In the list's order, whatever order they were chosen in.
  const cart = renewable.filter((p) => chosen.includes(p.id));
  const allChosen = renewable.length > 0 && cart.length === renewable.length;

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current.filter((c) => c !== id), id] : current.filter((c) => c !== id)));

  /** Removes one from the cart; focus goes to the next remove button, else the previous, else the cart heading. */
  function remove(id: number) {
    const index = cart.findIndex((p) => p.id === id);
    const next = cart[index + 1] ?? cart[index - 1];
    focusAfterRemove.current = next ? removeButtonId(next.id) : "prescription-cart-heading";
    toggle(id, false);
  }

  const errorId = "prescription-selection-error";
  const items = (
    <ul className="card item-list prescription-list">
      {prescriptions.map((p) => (
        <PrescriptionItem
          key={p.id}
          prescription={p}
          checkbox={
            selectable && p.isRenewable
              ? {
                  checked: chosen.includes(p.id),
                  onChange: toggle,
                  describedBy: page.nothingChosen ? errorId : undefined,
                }
              : null
          }
        />
      ))}
    </ul>
  );
  if (!selectable || !renewable.length) return items;

  return (
    <Form method="get" action={href("prescriptions", lang)} className="prescription-selection">
      <div className={`field prescription-selection__field${page.nothingChosen ? " field--error" : ""}`}>
        {page.nothingChosen ? (
          <p className="field__error" id={errorId}>
            <span className="visually-hidden">{t("common.form.errorPrefix")}: </span>
            {t("prescriptions.list.nothingChosen")}
          </p>
        ) : null}
        <div className="button-row prescription-selection__all">
          {hydrated ? (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setChosen(allChosen ? [] : renewable.map((p) => p.id))}
            >
              {t(allChosen ? "prescriptions.list.clearSelection" : "prescriptions.list.selectAll")}
            </button>
          ) : (
            <button type="submit" name="all" value="1" className="button button--secondary button--small">
              {t("prescriptions.list.renewAll")}
            </button>
          )}
        </div>
        {items}
      </div>
      {hydrated ? (
        <section className="card prescription-cart" aria-labelledby="prescription-cart-heading">
          <h2 id="prescription-cart-heading" className="card__title" tabIndex={-1} ref={cartHeading}>
            {t("prescriptions.cart.title")}
          </h2>
          <p className="prescription-cart__count" role="status">
            {cart.length ? t("prescriptions.cart.count", { count: cart.length }) : t("prescriptions.cart.none")}
          </p>
          {cart.length ? (
            <ul className="prescription-cart__items">
              {cart.map((p) => (
                <li key={p.id}>
                  <span>{p.title}</span>
                  <button
                    type="button"
                    id={removeButtonId(p.id)}
                    className="button button--secondary button--small"
                    aria-label={t("prescriptions.cart.removeLabel", { name: p.title })}
                    onClick={() => remove(p.id)}
                  >
                    {t("prescriptions.cart.remove")}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <button type="submit" name="renew" value="1" className="button">
            {t("prescriptions.cart.continue")}
          </button>
        </section>
      ) : (
        <button type="submit" name="renew" value="1" className="button">
          {t("prescriptions.list.continue")}
        </button>
      )}
    </Form>
  );
}

const removeButtonId = (id: number) => `prescription-cart-remove-${id}`;

function PrescriptionItem({
  prescription: p,
  checkbox,
}: {
  prescription: ListedPrescription;
  checkbox: { checked: boolean; onChange(id: number, on: boolean): void; describedBy?: string } | null;
}) {
  const t = useT();
  const { title } = p;
  const nameId = `prescription-${p.id}-name`;
  return (
    <li className="prescription" data-prescription={p.id}>
      <h2 className="prescription__name" id={nameId}>
        {title}
      </h2>
      <p className="muted">{t("prescriptions.list.issued", { date: p.issued })}</p>
      <PrescriptionLine runs={p.line} />
      {checkbox ? (
        <div className="checkbox prescription__choose">
          <input
            className="checkbox__input"
            type="checkbox"
            id={checkboxId(p.id)}
            name="ids"
            value={p.id}
            checked={checkbox.checked}
            aria-describedby={checkbox.describedBy}
            // The name says which prescription: "Valitse uusittavaksi: Levaxin 50 µg" (a hidden span in the label
            // would be read with a space before its colon, as a hidden span is a block).
            aria-label={`${t("prescriptions.list.choose")}: ${title}`}
            onChange={(e) => checkbox.onChange(p.id, e.target.checked)}
          />
          <label className="checkbox__label" htmlFor={checkboxId(p.id)}>
            {t("prescriptions.list.choose")}
          </label>
        </div>
      ) : null}
      {p.isRenewable ? null : <p className="hint">{t("prescriptions.list.notRenewable")}</p>}
    </li>
  );
}

/**
 * The derived text line of a prescription, as the loader wrote it (`lineRuns`). The prescriber's own words (the
 * guides) are Finnish: on a page in another language they say so, for screen readers.
 */
function PrescriptionLine({ runs }: { runs: LineRun[] }) {
  if (!runs.length) return null;
  return (
    <p className="prescription__line">
      {runs.map((run, i) =>
        run.lang ? (
          <span key={i} lang={run.lang}>
            {run.text}
          </span>
        ) : (
          run.text
        ),
      )}
    </p>
  );
}
