import { mapsSearchUrl } from "~/features/appointments/rules";
import { formatCents, formatDateTime } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { initials } from "~/ui/practitioner-avatar";
import type { FreeAppointment } from "./free-appointment.server";
import type { PriceEstimate } from "./price";
import type { PriceText, SummaryText, TimeAndPlace } from "./reservation-view";

/**
 * The display strings of an appointment's summary (reservation-view.tsx AppointmentSummary), made by the loader so
 * that the browser needs no date formatting code.
 */
export function summaryText(a: FreeAppointment | TimeAndPlace, lang: Lang): SummaryText {
  const address = [a.clinic.streetAddress, [a.clinic.postalCode, a.clinic.postOffice].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return {
    when: formatDateTime(new Date(a.startsAt), lang),
    address,
    mapHref: mapsSearchUrl(a.clinic.name, address),
    initials: "practitioner" in a ? initials(a.practitioner.name) : "",
  };
}

/** A price estimate's amounts as shown (reservation-view.tsx PriceView). */
export function priceText(price: PriceEstimate | null, lang: Lang): PriceText | null {
  if (!price) return null;
  return {
    from: price.from,
    total: formatCents(price.totalCents, lang),
    rate: formatCents(price.rateCents, lang),
    fees: price.fees?.map((f) => ({ code: f.code, name: f.name, amount: formatCents(f.cents, lang) })) ?? null,
  };
}
