import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { InsurancePanelState } from "~/features/insurance/insurance.server";
import { InsurancePanel as InsurancePanelOnServer } from "~/features/insurance/insurance-panel";
import { bookButtonEnabled, type OccupationalConfirmation } from "./reservation-rules";
import { Checkbox } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";

// Only insurance bookings show the insurer panel: the browser loads it when the page shows it.
const InsurancePanel = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? InsurancePanelOnServer : null, () =>
  import("~/features/insurance/insurance-panel").then((m) => m.InsurancePanel),
);

/** The logged-in booking form: insurer panel, confirmations and the Book button with the spec's enabling rules. */
export function PortalReservationForm({
  insurance,
  occupational,
  bindingRequired,
  noticeHours,
  contactValid,
  editingContact,
  errors,
}: {
  insurance: InsurancePanelState | null;
  occupational: OccupationalConfirmation;
  bindingRequired: boolean;
  noticeHours: number;
  contactValid: boolean;
  editingContact: boolean;
  errors: Record<string, string>;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [binding, setBinding] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const reserving = navigation.state === "submitting" && navigation.formData?.get("intent") === "reserve";
  const enabled = bookButtonEnabled({
    contactValid,
    insuranceComplete: insurance?.selectionComplete ?? null,
    bindingRequired,
    bindingTicked: binding,
    occupationalConfirmationRequired: occupational !== "none",
    occupationalConfirmationTicked: confirmed,
    reserving,
    unsavedContactEdits: editingContact,
  });
  // Without JavaScript the button is always active and the server checks the same rules.
  const disabled = hydrated && !enabled;
  return (
    <Form method="post" noValidate>
      <CsrfField />
      {insurance ? <InsurancePanel state={insurance} /> : null}
      {occupational !== "none" ? (
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t("reservation.reserve.occupational.legend")}</legend>
          <Checkbox
            id="occupationalConfirmation"
            name="occupationalConfirmation"
            label={t(`reservation.reserve.occupational.${occupational}`)}
            error={errors.occupationalConfirmation ? t(errors.occupationalConfirmation) : undefined}
            onChange={setConfirmed}
          />
        </fieldset>
      ) : null}
      {bindingRequired ? (
        <Checkbox
          id="binding"
          name="binding"
          label={t("reservation.binding.label")}
          hint={t("reservation.binding.hint", { hours: noticeHours })}
          error={errors.binding ? t(errors.binding) : undefined}
          onChange={setBinding}
        />
      ) : null}
      {editingContact ? <p className="notice-text">{t("reservation.contact.unsaved")}</p> : null}
      <button
        type="submit"
        name="intent"
        value="reserve"
        className="button"
        disabled={disabled}
        aria-disabled={disabled || undefined}
      >
        {reserving ? t("reservation.reserve.reserving") : t("reservation.reserve.submit")}
      </button>
    </Form>
  );
}
