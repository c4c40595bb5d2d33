import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BLOCK_SEPARATOR, RENEWAL_HEADER, composeRenewalMessage } from "./renewal-message";
import { checkRenewal } from "./renewal-check";

const levaxin = {
  id: 12,
  medicineName: "Levaxin",
  strength: "50 µg",
  dosageGuide: "1 tabletti aamulla",
  usageGuide: "Kilpirauhasen vajaatoimintaan",
};
const ventoline = {
  id: 13,
  medicineName: "Ventoline",
  strength: "0,1 mg/annos",
  dosageGuide: "1–2 inhalaatiota tarvittaessa",
  usageGuide: null,
};

describe("the renewal message", () => {
  it("is composed byte for byte as tests/fixtures/renewal-message.txt", () => {
    // Answers as the page with JavaScript posts them: Levaxin not finished (how much is left, with a Windows line
    // break and trailing spaces), no side effects (the follow-up typed in anyway is not sent); Ventoline's reason
    // typed and emptied again, finished (the untriggered follow-up is absent), side effects named.
    const { errors, answers } = checkRenewal(
      [12, 13],
      {
        "why-12": "Lääke on käytössä jatkuvasti.",
        "finished-12": "no",
        "remaining-12": "Noin 20 tablettia,\r\nloppuu ensi viikolla.  ",
        "sideEffects-12": "no",
        "sideEffectsWhich-12": "tätä ei lähetetä",
        "why-13": "",
        "finished-13": "yes",
        "sideEffects-13": "yes",
        "sideEffectsWhich-13": "Vapinaa käsissä",
        otherMedicines: "Burana tarvittaessa",
      },
      true,
    );
    expect(errors).toEqual({});
    const composed = composeRenewalMessage([levaxin, ventoline], answers);
    const fixture = readFileSync("tests/fixtures/renewal-message.txt");
    expect(Buffer.from(composed, "utf8").equals(fixture)).toBe(true);
    expect(composed).toBe(fixture.toString("utf8"));
  });

  it("writes määrittelemätön for what is missing, and separates one prescription from the general question", () => {
    const composed = composeRenewalMessage(
      [{ id: 1, medicineName: "Testilääke", strength: null, dosageGuide: " ", usageGuide: null }],
      { prescriptions: new Map() },
    );
    expect(composed).toBe(
      [
        RENEWAL_HEADER,
        "",
        "Lääke: Testilääke",
        "Vahvuus: määrittelemätön",
        "Annostusohje: määrittelemätön",
        "Käyttöohje: määrittelemätön",
        "",
        "Miksi haluat uusia reseptin?",
        "määrittelemätön",
        "",
        "Onko lääke loppunut?",
        "määrittelemätön",
        "",
        "Kuinka paljon lääkettä on jäljellä ja milloin se loppuu?",
        "määrittelemätön",
        "",
        "Onko sinulla ollut sivuvaikutuksia?",
        "määrittelemätön",
        "",
        "Mitä sivuvaikutuksia?",
        "määrittelemätön",
        BLOCK_SEPARATOR,
        "Käytätkö muita lääkkeitä?",
        "määrittelemätön",
      ].join("\n"),
    );
    // Never a blank first or last line: the messaging service trims a message, which would change it.
    expect(composed.trim()).toBe(composed);
  });
});
