export type DevLocale = "fi" | "sv" | "en";

export type DevTexts = {
  serviceName: string;
  intro: string;
  youChose: string;
  noMethodRequested: string;
  demoHeading: string;
  demoEmpty: string;
  otherHeading: string;
  identityCodeLabel: string;
  identityCodeHint: string;
  firstNameLabel: string;
  lastNameLabel: string;
  continue: string;
  cancel: string;
  errorSummaryTitle: string;
  errorPrefix: string;
  identityCodeMissing: string;
  identityCodeInvalid: string;
  mandateTitle: string;
  mandateIntro: string;
  identifiedAs: string;
  mandateHeading: string;
  childButton: (name: string, age: number) => string;
  noChildren: (name: string) => string;
  errorTitle: string;
  expired: string;
  forbidden: string;
  badRequest: string;
  unexpected: string;
};

export const DEV_TEXTS: Record<DevLocale, DevTexts> = {
  fi: {
    serviceName: "Kehitysympäristön tunnistuspalvelu",
    intro:
      "Tämä palvelu korvaa vahvan sähköisen tunnistamisen kehitysympäristössä. Tunnistautuminen ei ole oikea, älä käytä oikeita pankkitunnuksia.",
    youChose: "Valitsit:",
    noMethodRequested: "Tunnistustapaa ei valittu.",
    demoHeading: "Valitse testihenkilö",
    demoEmpty: "Testihenkilöitä ei ole.",
    otherHeading: "Tai anna henkilötunnus",
    identityCodeLabel: "Henkilötunnus",
    identityCodeHint: "Esimerkiksi 131052-308T.",
    firstNameLabel: "Etunimi (valinnainen)",
    lastNameLabel: "Sukunimi (valinnainen)",
    continue: "Jatka",
    cancel: "Peruuta tunnistautuminen",
    errorSummaryTitle: "Tarkista tiedot",
    errorPrefix: "Virhe:",
    identityCodeMissing: "Anna henkilötunnus",
    identityCodeInvalid: "Anna henkilötunnus oikeassa muodossa, esimerkiksi 131052-308T",
    mandateTitle: "Kehitysympäristön valtuutuspalvelu",
    mandateIntro:
      "Tämä sivu korvaa kehitysympäristössä viranomaisen valtuutuspalvelun (Suomi.fi-valtuudet). Valinta välitetään asiointipalvelulle, joka tarkistaa sen itse.",
    identifiedAs: "Tunnistettu henkilö:",
    mandateHeading: "Valitse, kenen puolesta asioit",
    childButton: (name, age) => `${name}, ikä ${age}`,
    noChildren: (name) => `Henkilöllä ${name} ei ole huollettavia lapsia.`,
    errorTitle: "Tunnistautuminen ei onnistunut",
    expired: "Tunnistautumista ei löydy tai se on vanhentunut. Palaa asiointipalveluun ja aloita alusta.",
    forbidden: "Lomakkeen tarkiste ei kelpaa. Palaa asiointipalveluun ja aloita alusta.",
    badRequest: "Pyyntö ei kelpaa. Palaa asiointipalveluun ja aloita alusta.",
    unexpected: "Tapahtui odottamaton virhe. Palaa asiointipalveluun ja aloita alusta.",
  },
  sv: {
    serviceName: "Identifieringstjänst för utvecklingsmiljön",
    intro:
      "Den här tjänsten ersätter stark elektronisk identifiering i utvecklingsmiljön. Identifieringen är inte äkta, använd inte riktiga bankkoder.",
    youChose: "Du valde:",
    noMethodRequested: "Ingen identifieringsmetod har valts.",
    demoHeading: "Välj en testperson",
    demoEmpty: "Det finns inga testpersoner.",
    otherHeading: "Eller ange en personbeteckning",
    identityCodeLabel: "Personbeteckning",
    identityCodeHint: "Till exempel 131052-308T.",
    firstNameLabel: "Förnamn (frivilligt)",
    lastNameLabel: "Efternamn (frivilligt)",
    continue: "Fortsätt",
    cancel: "Avbryt identifieringen",
    errorSummaryTitle: "Kontrollera uppgifterna",
    errorPrefix: "Fel:",
    identityCodeMissing: "Ange personbeteckning",
    identityCodeInvalid: "Ange personbeteckningen i rätt format, till exempel 131052-308T",
    mandateTitle: "Fullmaktstjänst för utvecklingsmiljön",
    mandateIntro:
      "Den här sidan ersätter myndigheternas fullmaktstjänst (Suomi.fi-fullmakter) i utvecklingsmiljön. Valet skickas till e-tjänsten, som själv kontrollerar det.",
    identifiedAs: "Identifierad person:",
    mandateHeading: "Välj för vem du sköter ärenden",
    childButton: (name, age) => `${name}, ålder ${age}`,
    noChildren: (name) => `${name} har inga barn i sin vårdnad.`,
    errorTitle: "Identifieringen misslyckades",
    expired: "Identifieringen hittades inte eller har gått ut. Gå tillbaka till e-tjänsten och börja om.",
    forbidden: "Formulärets kontrollkod är ogiltig. Gå tillbaka till e-tjänsten och börja om.",
    badRequest: "Begäran är ogiltig. Gå tillbaka till e-tjänsten och börja om.",
    unexpected: "Ett oväntat fel inträffade. Gå tillbaka till e-tjänsten och börja om.",
  },
  en: {
    serviceName: "Development identity provider",
    intro:
      "This service stands in for strong electronic identification in the development environment. The identification is not real; do not use real bank credentials.",
    youChose: "You chose:",
    noMethodRequested: "No identification method was chosen.",
    demoHeading: "Choose a demo person",
    demoEmpty: "There are no demo people.",
    otherHeading: "Or enter a personal identity code",
    identityCodeLabel: "Personal identity code",
    identityCodeHint: "For example 131052-308T.",
    firstNameLabel: "First name (optional)",
    lastNameLabel: "Last name (optional)",
    continue: "Continue",
    cancel: "Cancel identification",
    errorSummaryTitle: "There is a problem",
    errorPrefix: "Error:",
    identityCodeMissing: "Enter a personal identity code",
    identityCodeInvalid: "Enter the personal identity code in the correct format, like 131052-308T",
    mandateTitle: "Development mandate service",
    mandateIntro:
      "This page stands in for the government mandate service (Suomi.fi e-Authorizations) in the development environment. The choice is passed to the e-service, which checks it itself.",
    identifiedAs: "Identified person:",
    mandateHeading: "Choose on whose behalf you act",
    childButton: (name, age) => `${name}, age ${age}`,
    noChildren: (name) => `${name} has no children listed.`,
    errorTitle: "Identification failed",
    expired: "The identification was not found or has expired. Go back to the e-service and start again.",
    forbidden: "The form's check code is not valid. Go back to the e-service and start again.",
    badRequest: "The request is not valid. Go back to the e-service and start again.",
    unexpected: "An unexpected error occurred. Go back to the e-service and start again.",
  },
};

/** Picks the first supported locale from a space-separated `ui_locales` value (BCP 47 tags). */
export function pickLocale(uiLocales: unknown): DevLocale {
  if (typeof uiLocales === "string") {
    for (const tag of uiLocales.split(/\s+/)) {
      const language = tag.toLowerCase().split("-")[0];
      if (language === "fi" || language === "sv" || language === "en") return language;
    }
  }
  return "fi";
}
