import type { ReactNode } from "react";
import { useT } from "~/ui/i18n";
import { NotificationBanner } from "~/ui/notifications";

/** A reservation error as a message (spec §8), with a follow-up link where the reaction needs one. */
export function ReservationErrorNotice({ message, children }: { message: string; children?: ReactNode }) {
  const t = useT();
  return (
    <NotificationBanner type="error" title={t("reservation.errors.title")} id="reservation-error">
      <p>{t(`reservation.errors.${message}`)}</p>
      {children}
    </NotificationBanner>
  );
}
