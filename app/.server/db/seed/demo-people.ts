import { makeTestIdentityCode } from "~/lib/identity-code";

/**
 * The demo people, with valid test identity codes (individual numbers 900–999). README lists them.
 * Birth years are relative to the current year so that ages (child under 12, child over 12, 65+) stay true.
 */
export function demoPeople(year: number) {
  const person = (
    key: string,
    firstName: string,
    lastName: string,
    birth: { year: number; month: number; day: number },
    individual: number,
    description: string,
  ) => ({
    key,
    firstName,
    lastName,
    birthDate: birth,
    identityCode: makeTestIdentityCode(birth, individual),
    description,
  });
  return {
    patient: person(
      "patient",
      "Maija",
      "Meikäläinen",
      { year: 1985, month: 3, day: 15 },
      902,
      "customer with occupational health care (booking through the employer not included), appointments, results and messages",
    ),
    guardian: person(
      "guardian",
      "Matti",
      "Virtanen",
      { year: 1980, month: 6, day: 21 },
      903,
      "guardian of two children",
    ),
    youngChild: person("youngChild", "Aino", "Virtanen", { year: year - 6, month: 2, day: 10 }, 904, "child aged 6"),
    olderChild: person("olderChild", "Eetu", "Virtanen", { year: year - 14, month: 9, day: 3 }, 905, "child aged 14"),
    employee: person(
      "employee",
      "Liisa",
      "Korhonen",
      { year: 1990, month: 11, day: 2 },
      906,
      "occupational-health employee",
    ),
    senior: person("senior", "Erkki", "Nieminen", { year: year - 70, month: 1, day: 28 }, 907, "aged 65 or over"),
    newCustomer: person("newCustomer", "Sanna", "Uusitalo", { year: 1995, month: 7, day: 14 }, 908, "no events yet"),
    smsUser: person("smsUser", "Kalle", "Mäkinen", { year: 1978, month: 12, day: 5 }, 909, "SMS second factor on"),
    newSenior: person(
      "newSenior",
      "Helmi",
      "Heikkilä",
      { year: year - 68, month: 5, day: 9 },
      911,
      "aged 65 or over, patient-data consent not given yet: booking asks it first",
    ),
    notCreditWorthy: person(
      "notCreditWorthy",
      "Pekka",
      "Peloton",
      { year: 1972, month: 4, day: 18 },
      910,
      "not credit-worthy: booking shows the billing notice",
    ),
    doorConsent: person(
      "doorConsent",
      "Paavo",
      "Pitkänen",
      { year: 1962, month: 8, day: 12 },
      912,
      "patient-data consent not given, an appointment open for check-in: the clinic-door link asks for the consent",
    ),
    myInfoAdult: person(
      "myInfoAdult",
      "Olli",
      "Ojala",
      { year: 1987, month: 4, day: 22 },
      930,
      "My information: contact details, consents, sessions and who viewed the data; guardian of Venla",
    ),
    myInfoTeen: person(
      "myInfoTeen",
      "Venla",
      "Ojala",
      { year: year - 13, month: 10, day: 5 },
      931,
      "aged 13, logs in herself, with her guardian's contact details kept: the guardians' tab of My information",
    ),
    smsOnboarding: person(
      "smsOnboarding",
      "Tuula",
      "Toivonen",
      { year: 1979, month: 6, day: 18 },
      933,
      "SMS login offered on the front page (an onboarding phone number, nothing verified yet)",
    ),
  };
}

/** A valid identity code with no patient record: logging in with it leads to registration. */
export function unregisteredIdentityCode() {
  return makeTestIdentityCode({ year: 1999, month: 1, day: 1 }, 920);
}

/**
 * Children the development mandate service knows but the portal has no record of yet: a guardian who picks one is
 * asked to register the child (spec part 2 §2). README lists them.
 */
export function unregisteredChildren(year: number) {
  const birth = { year: year - 4, month: 6, day: 1 };
  return [
    {
      guardianKey: "myInfoAdult" as const,
      firstName: "Ella",
      lastName: "Ojala",
      birthDate: `${birth.year}-06-01`,
      identityCode: makeTestIdentityCode(birth, 932),
    },
  ];
}
