import { clinicAddress, mapsSearchUrl } from "~/features/appointments/rules";
import { formatCents, formatDateTime } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { avatarOf } from "~/ui/practitioner-avatar";
import type { FreeAppointment } from "./free-appointment.server";
import type { PriceEstimate } from "./price";
import type { PriceText, SummaryText, TimeAndPlace } from "./reservation-view";

/**
 * The display strings of an appointment's summary (reservation-view.tsx AppointmentSummary), made by the loader so
 * that the browser needs no date formatting code.
 */
export function summaryText(a: FreeAppointment | TimeAndPlace, lang: Lang, brandId: string): SummaryText {
  const address = clinicAddress(a.clinic);
  return {
    when: formatDateTime(new Date(a.startsAt), lang),
    address,
    mapHref: mapsSearchUrl(a.clinic.name, address),
    avatar: "practitioner" in a ? avatarOf(a.practitioner, brandId) : null,
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
