import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGS, type Lang } from "~/lib/lang";
import { href, isRoutePath, parseRouteMatchId, setRoutePaths, translatePath, type RouteId } from "./route-table";
import { routeEntry, routePaths, routeTable } from "./route-table/pages.server";
import { MOVED_PATHS } from "~/moved-paths";
import routes from "~/routes";

/** The expected URL of every page in every language, written out so that a changed slug is noticed. */
const EXPECTED: Record<RouteId, Record<Lang, string>> = {
  home: { fi: "/fi", sv: "/sv", en: "/en" },
  login: { fi: "/fi/kirjaudu", sv: "/sv/loggain", en: "/en/login" },
  logout: { fi: "/fi/kirjaudu-ulos", sv: "/sv/logga-ut", en: "/en/logout" },
  expiredSession: { fi: "/fi/katkennut-istunto", sv: "/sv/utgatt-session", en: "/en/expired-session" },
  authentication: { fi: "/fi/tunnistautuminen", sv: "/sv/behorighetskontroll", en: "/en/authentication" },
  registration: { fi: "/fi/rekisterointi", sv: "/sv/registrering", en: "/en/registration" },
  hpaRegistration: { fi: "/fi/hpa/register", sv: "/sv/hpa/register", en: "/en/hpa/register" },
  transactionPath: { fi: "/fi/asiointipolku", sv: "/sv/transaktionsbana", en: "/en/transaction-path" },
  appointments: { fi: "/fi/ajanvaraukset", sv: "/sv/tidsbokningar", en: "/en/appointments" },
  appointment: { fi: "/fi/ajanvaraukset/12,13", sv: "/sv/tidsbokningar/12,13", en: "/en/appointments/12,13" },
  cancelAppointment: {
    fi: "/fi/ajanvaraukset/12/peru",
    sv: "/sv/tidsbokningar/12/avboka",
    en: "/en/appointments/12/cancel",
  },
  appointmentCalendar: {
    fi: "/fi/ajanvaraukset/12/kalenteri.ics",
    sv: "/sv/tidsbokningar/12/kalender.ics",
    en: "/en/appointments/12/calendar.ics",
  },
  doorAppointment: { fi: "/fi/varaus/MTJfYWJj", sv: "/sv/bokning/MTJfYWJj", en: "/en/appointment/MTJfYWJj" },
  earlierTimeOffer: { fi: "/fi/aiempi-aika/abc", sv: "/sv/tidigare-tid/abc", en: "/en/earlier-time/abc" },
  booking: { fi: "/fi/ajanvaraus", sv: "/sv/tidsbokning", en: "/en/booking" },
  privateBooking: {
    fi: "/fi/ajanvaraus/yksityisasiakas",
    sv: "/sv/tidsbokning/privat-kund",
    en: "/en/booking/private-customer",
  },
  insuranceBooking: { fi: "/fi/ajanvaraus/vakuutus", sv: "/sv/tidsbokning/forsakring", en: "/en/booking/insurance" },
  kela65Booking: { fi: "/fi/ajanvaraus/kela65", sv: "/sv/tidsbokning/kela65", en: "/en/booking/kela65" },
  occupationalLanding: {
    fi: "/fi/ajanvaraus/tyoterveys",
    sv: "/sv/tidsbokning/foretagshalsovard",
    en: "/en/booking/occupational-healthcare",
  },
  occupationalBooking: { fi: "/fi/tyoterveys", sv: "/sv/foretagshalsovard", en: "/en/occupational-healthcare" },
  anonFreeAppointment: {
    fi: "/fi/kirjautumattomat-kayttajat/vapaat-ajat/7",
    sv: "/sv/anonyma-anvandare/lediga-tider/7",
    en: "/en/anonymous-users/available-appointments/7",
  },
  anonInsuranceFreeAppointment: {
    fi: "/fi/kirjautumattomat-kayttajat/vapaat-ajat/vakuutus/7",
    sv: "/sv/anonyma-anvandare/lediga-tider/forsakring/7",
    en: "/en/anonymous-users/available-appointments/insurance/7",
  },
  anonKela65FreeAppointment: {
    fi: "/fi/kirjautumattomat-kayttajat/vapaat-ajat/kela65/7",
    sv: "/sv/anonyma-anvandare/lediga-tider/kela65/7",
    en: "/en/anonymous-users/available-appointments/kela65/7",
  },
  freeAppointment: { fi: "/fi/vapaat-ajat/7", sv: "/sv/lediga-tider/7", en: "/en/available-appointments/7" },
  insuranceFreeAppointment: {
    fi: "/fi/vapaat-ajat/vakuutus/7",
    sv: "/sv/lediga-tider/forsakring/7",
    en: "/en/available-appointments/insurance/7",
  },
  kela65FreeAppointment: {
    fi: "/fi/vapaat-ajat/kela65/7",
    sv: "/sv/lediga-tider/kela65/7",
    en: "/en/available-appointments/kela65/7",
  },
  occupationalFreeAppointment: {
    fi: "/fi/tyoterveys/vapaat-ajat/7",
    sv: "/sv/foretagshalsovard/lediga-tider/7",
    en: "/en/occupational-healthcare/available-appointments/7",
  },
  anonReservation: {
    fi: "/fi/kirjautumattomat-kayttajat/varaus/MTJfYWJj",
    sv: "/sv/anonyma-anvandare/bokning/MTJfYWJj",
    en: "/en/anonymous-users/reservation/MTJfYWJj",
  },
  appointmentUnavailable: {
    fi: "/fi/ajanvaraus/aika-ei-saatavilla",
    sv: "/sv/tidsbokning/tiden-ar-inte-ledig",
    en: "/en/booking/appointment-not-available",
  },
  dataProcessing: {
    fi: "/fi/potilastietojen-kasittely",
    sv: "/sv/behandling-av-patientuppgifter",
    en: "/en/data-processing",
  },
  myInformation: { fi: "/fi/omat-tiedot", sv: "/sv/mina-uppgifter", en: "/en/my-information" },
  myInformationSessions: {
    fi: "/fi/omat-tiedot/istunnot",
    sv: "/sv/mina-uppgifter/sessioner",
    en: "/en/my-information/sessions",
  },
  dataAccessLog: {
    fi: "/fi/omat-tiedot/kuka-katsoi-tietojani",
    sv: "/sv/mina-uppgifter/vem-har-last-mina-uppgifter",
    en: "/en/my-information/who-viewed-my-data",
  },
  kelaCard: {
    fi: "/fi/omat-tiedot/kela-kortti",
    sv: "/sv/mina-uppgifter/fpa-kort",
    en: "/en/my-information/kela-card",
  },
  invoices: { fi: "/fi/laskut", sv: "/sv/fakturor", en: "/en/invoices" },
  invoiceSummary: {
    fi: "/fi/laskut/yhteenveto/0b6f3c1e-2d4a-4c5b-8e9f-1a2b3c4d5e6f",
    sv: "/sv/fakturor/sammanfattning/0b6f3c1e-2d4a-4c5b-8e9f-1a2b3c4d5e6f",
    en: "/en/invoices/summary/0b6f3c1e-2d4a-4c5b-8e9f-1a2b3c4d5e6f",
  },
  payInvoice: { fi: "/fi/pay/1000101", sv: "/sv/pay/1000101", en: "/en/pay/1000101" },
  paymentResult: {
    fi: "/fi/payment/1000101",
    sv: "/sv/payment/1000101",
    en: "/en/payment/1000101",
  },
  payVisit: { fi: "/fi/maksa-kaynti", sv: "/sv/betala-besok", en: "/en/pay-visit" },
  conversations: { fi: "/fi/viestit", sv: "/sv/meddelanden", en: "/en/conversations" },
  newConversation: { fi: "/fi/viestit/uusi", sv: "/sv/meddelanden/ny", en: "/en/conversations/new" },
  conversation: { fi: "/fi/viestit/42", sv: "/sv/meddelanden/42", en: "/en/conversations/42" },
  occupationalHealthTeam: {
    fi: "/fi/tyoterveystiimi",
    sv: "/sv/foretagshalsovardsteamet",
    en: "/en/occupational-health-care-team",
  },
  laboratory: { fi: "/fi/laboratorio", sv: "/sv/laboratorium", en: "/en/laboratory" },
  labReferral: { fi: "/fi/laboratoriolahete/5", sv: "/sv/laboratorieremiss/5", en: "/en/laboratoryreferral/5" },
  labResult: {
    fi: "/fi/laboratoriotulos/2026-11-20",
    sv: "/sv/laboratorieresultat/2026-11-20",
    en: "/en/laboratoryresult/2026-11-20",
  },
  imaging: { fi: "/fi/kuvantaminen", sv: "/sv/bildbehandling", en: "/en/imaging" },
  imagingReferral: { fi: "/fi/kuvantamislahete/5", sv: "/sv/bildbehandlingremiss/5", en: "/en/imagingreferral/5" },
  imagingResult: {
    fi: "/fi/kuvantaminen/2026-11-20",
    sv: "/sv/bildbehandling/2026-11-20",
    en: "/en/imaging/2026-11-20",
  },
  visits: { fi: "/fi/kaynnit", sv: "/sv/besoken", en: "/en/visits" },
  visit: { fi: "/fi/kaynnit/5", sv: "/sv/besoken/5", en: "/en/visits/5" },
  certificates: { fi: "/fi/todistukset", sv: "/sv/certifikat", en: "/en/certificates" },
  certificatePdf: {
    fi: "/fi/todistukset/5/todistus.pdf",
    sv: "/sv/certifikat/5/certifikat.pdf",
    en: "/en/certificates/5/certificate.pdf",
  },
  vaccinations: { fi: "/fi/rokotukset", sv: "/sv/vaccinationer", en: "/en/vaccinations" },
  occupationalVaccination: {
    fi: "/fi/tyoterveys-rokotukset",
    sv: "/sv/foretagshalsovard-vaccinationer",
    en: "/en/occupational-healthcare-vaccinations",
  },
  prescriptions: { fi: "/fi/reseptit", sv: "/sv/recept", en: "/en/prescriptions" },
  prescriptionRenewal: {
    fi: "/fi/reseptin-uusinta/3,4",
    sv: "/sv/receptfornyelse/3,4",
    en: "/en/prescription-renewal/3,4",
  },
  questionnaireList: { fi: "/fi/kyselyt", sv: "/sv/rundfraga", en: "/en/questionnaires" },
  questionnaire: { fi: "/fi/kyselyt/5", sv: "/sv/rundfraga/5", en: "/en/questionnaires/5" },
  help: { fi: "/fi/ohjeita", sv: "/sv/ohjeita", en: "/en/ohjeita" },
  eula: { fi: "/fi/eula", sv: "/sv/eula", en: "/en/eula" },
  newCustomer: { fi: "/fi/uusi-asiakas", sv: "/sv/ny-kund", en: "/en/new-customer" },
  chatMoved: { fi: "/fi/pikkutsatti", sv: "/sv/pikkutsatti", en: "/en/pikkutsatti" },
  chatMovedPayment: { fi: "/fi/pikkutsatti/maksu", sv: "/sv/pikkutsatti/betalning", en: "/en/pikkutsatti/payment" },
  childrensService: {
    fi: "/fi/kirjautumattomat-kayttajat/pikkutsatti",
    sv: "/sv/anonyma-anvandare/pikkutsatti",
    en: "/en/anonymous-users/pikkutsatti",
  },
  sicknessFund: { fi: "/fi/sairauskassa", sv: "/sv/sairauskassa", en: "/en/sairauskassa" },
  sicknessFundTab: { fi: "/fi/sairauskassa/ohjeet", sv: "/sv/sairauskassa/ohjeet", en: "/en/sairauskassa/ohjeet" },
};

/** Parameters of the pages that take them, as used in EXPECTED. */
const PARAMS: Partial<Record<RouteId, Record<string, string>>> = {
  appointment: { ids: "12,13" },
  cancelAppointment: { id: "12" },
  appointmentCalendar: { id: "12" },
  doorAppointment: { token: "MTJfYWJj" },
  earlierTimeOffer: { token: "abc" },
  anonFreeAppointment: { id: "7" },
  anonInsuranceFreeAppointment: { id: "7" },
  anonKela65FreeAppointment: { id: "7" },
  freeAppointment: { id: "7" },
  insuranceFreeAppointment: { id: "7" },
  kela65FreeAppointment: { id: "7" },
  occupationalFreeAppointment: { id: "7" },
  anonReservation: { token: "MTJfYWJj" },
  invoiceSummary: { id: "0b6f3c1e-2d4a-4c5b-8e9f-1a2b3c4d5e6f" },
  payInvoice: { id: "1000101" },
  paymentResult: { id: "1000101" },
  conversation: { threadId: "42" },
  labReferral: { id: "5" },
  labResult: { date: "2026-11-20" },
  imagingReferral: { id: "5" },
  imagingResult: { date: "2026-11-20" },
  visit: { visitId: "5" },
  certificatePdf: { id: "5" },
  prescriptionRenewal: { ids: "3,4" },
  questionnaire: { id: "5" },
  sicknessFundTab: { tab: "ohjeet" },
};

/** Temporarily gives the login page a `:param` in its paths; the table has no parameterised page today. */
function withLoginParam<T>(fn: () => T): T {
  setRoutePaths({ ...routePaths, login: ["kirjaudu/:step", "loggain/:step", "login/:step"] });
  try {
    return fn();
  } finally {
    setRoutePaths(routePaths);
  }
}

describe("routeTable", () => {
  it("has exactly the expected pages, each id once", () => {
    const ids = routeTable.map((r) => r.id);
    expect(ids.toSorted()).toEqual(Object.keys(EXPECTED).toSorted());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("routeEntry returns the table entry of an id", () => {
    expect(routeEntry("login")).toBe(routeTable.find((r) => r.id === "login"));
    expect(routeEntry("login").file).toBe("routes/session/login.tsx");
  });
});

describe("href", () => {
  for (const [id, byLang] of Object.entries(EXPECTED)) {
    for (const lang of LANGS) {
      it(`${id} in ${lang} is ${byLang[lang]}`, () => {
        expect(decodeURIComponent(href(id as RouteId, lang, PARAMS[id as RouteId]))).toBe(byLang[lang]);
      });
    }
  }

  it("encodes query values", () => {
    expect(href("login", "fi", {}, { next: "/fi/a b?x=1&y=ä" })).toBe(
      "/fi/kirjaudu?next=%2Ffi%2Fa+b%3Fx%3D1%26y%3D%C3%A4",
    );
  });

  it("adds the query to the language root without a slash", () => {
    expect(href("home", "sv", {}, { a: "1" })).toBe("/sv?a=1");
  });

  it("leaves out undefined query values and adds no '?' for an empty query", () => {
    expect(href("login", "en", {}, { next: undefined })).toBe("/en/login");
    expect(href("login", "en", {}, {})).toBe("/en/login");
    expect(href("login", "en", {}, { a: undefined, b: "2" })).toBe("/en/login?b=2");
  });

  it("copies URLSearchParams, repeated keys included", () => {
    const query = new URLSearchParams([
      ["x", "1"],
      ["x", "2"],
      ["y", "a&b"],
    ]);
    expect(href("logout", "fi", {}, query)).toBe("/fi/kirjaudu-ulos?x=1&x=2&y=a%26b");
  });

  it("fills in :params, encoded", () => {
    withLoginParam(() => {
      expect(href("login", "fi", { step: "a/b c" })).toBe("/fi/kirjaudu/a%2Fb%20c");
      expect(href("login", "sv", { step: 3 }, { q: "1" })).toBe("/sv/loggain/3?q=1");
    });
  });

  it("throws when a :param is missing", () => {
    withLoginParam(() => {
      expect(() => href("login", "en")).toThrow("href(login): missing param step");
      expect(() => href("login", "en", { other: "x" })).toThrow(/missing param step/);
    });
  });
});

describe("parseRouteMatchId", () => {
  it("splits a route id into table id and language", () => {
    expect(parseRouteMatchId("login.fi")).toEqual({ id: "login", lang: "fi" });
    expect(parseRouteMatchId("hpaRegistration.en")).toEqual({ id: "hpaRegistration", lang: "en" });
    expect(parseRouteMatchId("home.sv")).toEqual({ id: "home", lang: "sv" });
  });

  it("returns null for ids that are not localized table pages", () => {
    expect(parseRouteMatchId("login")).toBeNull();
    expect(parseRouteMatchId("login.de")).toBeNull();
    expect(parseRouteMatchId("login.")).toBeNull();
    expect(parseRouteMatchId("unknown.fi")).toBeNull();
    expect(parseRouteMatchId("routes/not-found")).toBeNull();
    expect(parseRouteMatchId("x.login.fi")).toBeNull();
    expect(parseRouteMatchId("")).toBeNull();
  });
});

describe("translatePath", () => {
  it("translates the slug and keeps the query string", () => {
    expect(translatePath("login.fi", {}, "sv", "?next=%2Ffi")).toBe("/sv/loggain?next=%2Ffi");
    expect(translatePath("login.fi", {}, "en")).toBe("/en/login");
    expect(translatePath("expiredSession.en", { lang: "en" }, "fi", "?a=1")).toBe("/fi/katkennut-istunto?a=1");
    expect(translatePath("home.fi", {}, "sv", "?x=y")).toBe("/sv?x=y");
  });

  it("goes to the language root for an unknown route id", () => {
    expect(translatePath("unknown.fi", {}, "sv", "?next=x")).toBe("/sv");
    expect(translatePath("routes/not-found", {}, "en")).toBe("/en");
  });

  it("carries params over but not the lang param or undefined values", () => {
    withLoginParam(() => {
      expect(translatePath("login.fi", { lang: "fi", step: "two", extra: undefined }, "sv", "?q=1")).toBe(
        "/sv/loggain/two?q=1",
      );
    });
  });
});

describe("routes.ts", () => {
  type Route = { id?: string; path?: string; index?: boolean; file: string };
  const all = routes as Route[];

  it("has every table entry once per language with id `${id}.${lang}` and the localized path", () => {
    for (const entry of routeTable) {
      for (const lang of LANGS) {
        const matches = all.filter((r) => r.id === `${entry.id}.${lang}`);
        expect(matches, `${entry.id}.${lang}`).toHaveLength(1);
        expect(matches[0]!.file).toBe(entry.file);
        const params = PARAMS[entry.id] ?? {};
        const filled = matches[0]!.path!.replace(/:(\w+)/g, (_, name: string) => params[name]);
        expect(`/${filled}`).toBe(EXPECTED[entry.id][lang]);
      }
    }
    expect(all.filter((r) => r.id && parseRouteMatchId(r.id))).toHaveLength(routeTable.length * LANGS.length);
  });

  it("declares every earlier path of a moved page once per language, apart from the pages", () => {
    for (const entry of MOVED_PATHS)
      for (const lang of LANGS) {
        const matches = all.filter((r) => r.id === `moved.${entry.to}.${lang}`);
        expect(matches).toHaveLength(1);
        expect(matches[0]!.path).toBe(`${lang}/${entry.from[lang]}`);
        expect(matches[0]!.file).toBe("routes/moved.ts");
      }
  });

  it("gives every localized page a unique path", () => {
    const paths = all.filter((r) => r.id && parseRouteMatchId(r.id)).map((r) => r.path);
    expect(paths.every((p) => typeof p === "string" && p.length > 0)).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("has no two routes on the same path", () => {
    const paths = all.filter((r) => !r.index).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(all.filter((r) => r.index)).toHaveLength(1);
  });

  it("has no route module exporting `meta`, which the root no longer renders (a page writes its <title>)", () => {
    const files = [...new Set(all.map((r) => r.file))];
    const withMeta = files.filter((file) =>
      /export\s+(?:async\s+)?(?:function|const|let)\s+meta\b/.test(
        readFileSync(new URL(file, import.meta.url), "utf8"),
      ),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(withMeta).toEqual([]);
  });

  it("keeps the fixed, unlocalized endpoints and the catch-all", () => {
    const byPath = new Map(all.map((r) => [r.path, r.file]));
    expect(byPath.get("oauth/authenticate")).toBe("routes/session/oauth-authenticate.ts");
    expect(byPath.get("oauth/callback")).toBe("routes/session/oauth-callback.ts");
    expect(byPath.get("api/logout")).toBe("routes/session/api-logout.ts");
    expect(byPath.get("api/session")).toBe("routes/session/api-session.ts");
    expect(all.at(-1)).toMatchObject({ path: "*", file: "routes/not-found.tsx" });
  });
});

describe("isRoutePath", () => {
  it("tests one page's pattern in the path's language", () => {
    expect(isRoutePath("/fi/pay/1000101", "payInvoice")).toBe(true);
    expect(isRoutePath("/en/pay/1000101/", "payInvoice")).toBe(true);
    expect(isRoutePath("/fi/laskut/maksa/1000101", "payInvoice")).toBe(false);
    expect(isRoutePath("/fi/payment/1000101", "payInvoice")).toBe(false);
    expect(isRoutePath("/fi/laskut", "payInvoice")).toBe(false);
    expect(isRoutePath("/xx/pay/1", "payInvoice")).toBe(false);
  });
});
