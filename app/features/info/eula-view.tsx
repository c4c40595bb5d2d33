import type { T } from "~/lib/translate";

/** The end-user licence terms, in the translator's language. */
export function EulaTerms({ t, brand }: { t: T; brand: { name: string; businessName: string; homePage: string } }) {
  const names = { brand: brand.name, business: brand.businessName };
  return (
    <>
      <h1>{t("info.eula.title")}</h1>
      <p className="lead">{t("info.eula.intro", names)}</p>
      <h2>{t("info.eula.serviceHeading")}</h2>
      <p>{t("info.eula.serviceText", names)}</p>
      <h2>{t("info.eula.usersHeading")}</h2>
      <p>{t("info.eula.usersText")}</p>
      <h2>{t("info.eula.identificationHeading")}</h2>
      <p>{t("info.eula.identificationText")}</p>
      <h2>{t("info.eula.childHeading")}</h2>
      <p>{t("info.eula.childText")}</p>
      <h2>{t("info.eula.responsibilitiesHeading")}</h2>
      <p>{t("info.eula.responsibilitiesText")}</p>
      <h2>{t("info.eula.availabilityHeading")}</h2>
      <p>{t("info.eula.availabilityText")}</p>
      <h2>{t("info.eula.privacyHeading")}</h2>
      <p>{t("info.eula.privacyText")}</p>
      <p>
        <a href={brand.homePage}>{t("info.eula.privacyLink", names)}</a>
      </p>
      <h2>{t("info.eula.changesHeading")}</h2>
      <p>{t("info.eula.changesText")}</p>
    </>
  );
}
