import type { RouteId } from "~/route-table";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";

/** Breadcrumbs of the booking pages: front page › booking › (the current page, not a link). */
export function BookingBreadcrumbs({ current }: { current?: string }) {
  const t = useT();
  const trail: { to: RouteId; label: string }[] = [{ to: "home", label: t("booking.breadcrumbs.home") }];
  if (current) trail.push({ to: "booking", label: t("booking.breadcrumbs.booking") });
  return (
    <nav aria-label={t("booking.breadcrumbs.label")} className="breadcrumbs">
      <ol>
        {trail.map((c) => (
          <li key={c.to}>
            <LocalizedLink to={c.to}>{c.label}</LocalizedLink>
          </li>
        ))}
        <li aria-current="page">{current ?? t("booking.breadcrumbs.booking")}</li>
      </ol>
    </nav>
  );
}
