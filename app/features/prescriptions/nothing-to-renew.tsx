import { useT } from "~/ui/i18n";

const K = "prescriptions.renewal";

/**
 * The renewal page when none of the prescriptions named can be renewed (`left` of them were left out): shown to few,
 * renewal-view.tsx loads it when shown.
 */
export function NothingToRenew({ left }: { left: number }) {
  const t = useT();
  return (
    <div className="banner renewal-none">
      <h2 className="banner__title">{t(`${K}.noneTitle`)}</h2>
      <div className="banner__content">
        {left ? <p>{t(`${K}.left`, { count: left })}</p> : null}
        <p>{t(`${K}.none`)}</p>
      </div>
    </div>
  );
}
