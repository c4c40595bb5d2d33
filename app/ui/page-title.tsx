import { useT } from "./i18n";

/** The page title, prefixed with "Virhe: " / "Fel: " / "Error: " while the page shows form errors. */
export function PageTitle({ title, hasErrors = false }: { title: string; hasErrors?: boolean }) {
  const t = useT();
  const brand = t("common.brandName");
  return <title>{`${hasErrors ? t("common.form.titleErrorPrefix") + " " : ""}${title} – ${brand}`}</title>;
}
