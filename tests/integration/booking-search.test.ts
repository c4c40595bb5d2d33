import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brands } from "#brands/index";
import * as s from "~/.server/db/schema";
import { EMPTY_FILTERS, PAGE_SIZE, helsinkiInstant, timeOfDayOf, type SearchFilters } from "~/features/booking/search";
import { reserveAppointment } from "~/features/booking/reservation.server";
import {
  availableAppointmentDates,
  cachedSearchList,
  searchAlternatives,
  searchFreeAppointments,
} from "~/features/booking/search.server";
import { cachedFilterOptions, filterOptions } from "~/features/booking/search-filters.server";
import { helsinkiDateParts } from "~/lib/format";
import * as apiAppointments from "~/routes/booking/api-appointments";
import * as apiDates from "~/routes/booking/api-available-appointment-dates";
import * as apiPractitionerClinics from "~/routes/booking/api-practitioner-clinics";
import * as apiSpecialty from "~/routes/booking/api-specialty";
import * as landingRoute from "~/routes/booking/landing";
import * as occupationalLandingRoute from "~/routes/booking/occupational-landing";
import * as searchRoute from "~/routes/booking/search";
import {
  FIXED_NOW,
  ORIGIN,
  clockAt,
  cookiePair,
  login,
  makeContext,
  makeRequest,
  routeArgs,
  thrownResponse,
  useTestDatabase,
  type DemoKey,
} from "./test-db";
import { sendAsBrowser } from "./request-handler";
import { newCsrfCookieValue } from "~/.server/csrf";

const t = useTestDatabase();
const main = { lang: "fi" as const, brand: brands.main, now: FIXED_NOW };
const f = (over: Partial<SearchFilters> = {}): SearchFilters => ({ ...EMPTY_FILTERS, ...over });

/** Runs a loader of a booking page or call as a browser would reach it (optionally logged in, in a brand). */
async function load(
  module: { loader: (args: never) => unknown },
  path: string,
  options: { as?: DemoKey; brand?: "main" | "pikkujatti" } = {},
) {
  const cookie = options.as ? cookiePair(await login(t.person(options.as))) : undefined;
  const request = makeRequest(path, { cookie });
  const context = await makeContext(request, { brand: options.brand });
  return module.loader(routeArgs(request, context) as never);
}

/** The body and status of a resource route's `data()` answer. */
function answer(result: unknown): { status: number; body: any } {
  const r = result as { data: unknown; init?: { status?: number } };
  return { status: r.init?.status ?? 200, body: r.data };
}

describe("searchFreeAppointments", () => {
  it("lists free future private appointments by start, a page at a time, without remote, occupational-only or Y65V slots", async () => {
    const r = await searchFreeAppointments(t.db, f(), "private", main);
    expect(r.appointments).toHaveLength(PAGE_SIZE);
    expect(r.hasMore).toBe(true);
    const starts = r.appointments.map((a) => a.startDate);
    expect([...starts].sort()).toEqual(starts);
    expect(starts.every((d) => Date.parse(d) > FIXED_NOW.getTime())).toBe(true);
    expect(r.appointments.every((a) => !a.isRemote && a.specialty.id !== "Y65V" && a.specialty.id !== "TTH")).toBe(
      true,
    );
    expect(r.appointments[0]).toMatchObject({
      practitioner: { name: expect.any(String), title: expect.any(String), isResource: false, picture: null },
      clinic: { name: expect.any(String), municipality: expect.any(String) },
      specialty: { id: expect.any(String), name: expect.any(String) },
      locationType: "physicalLocation",
      requiresAuthToReserve: false,
    });
  });

  it("includes remote appointments only when asked, also alongside chosen clinics", async () => {
    const remote = await searchFreeAppointments(
      t.db,
      f({ specialtyIds: ["PSY"], includeRemote: true }),
      "private",
      main,
    );
    expect(remote.appointments.length).toBeGreaterThan(0);
    expect(remote.appointments.every((a) => a.isRemote && a.specialty.id === "PSY" && a.requiresAuthToReserve)).toBe(
      true,
    );
    expect((await searchFreeAppointments(t.db, f({ specialtyIds: ["PSY"] }), "private", main)).appointments).toEqual(
      [],
    );
    const both = await searchFreeAppointments(
      t.db,
      f({ practitionerIds: ["P-AHO"], clinicIds: ["HKI-KAMPPI"], includeRemote: true, offset: 40 }),
      "private",
      main,
    );
    expect(new Set(both.appointments.map((a) => a.clinicId))).toEqual(new Set(["HKI-KAMPPI", "RMT"]));
  });

  it("searches exactly the chosen clinics", async () => {
    const r = await searchFreeAppointments(
      t.db,
      f({ clinicIds: ["VAN-TIKKURILA", "KER-KESKUSTA"], offset: 60 }),
      "private",
      main,
    );
    expect(new Set(r.appointments.map((a) => a.clinicId))).toEqual(new Set(["VAN-TIKKURILA", "KER-KESKUSTA"]));
  });

  it("offers Y65V only on the kela65 list, where the specialty is fixed", async () => {
    const kela = await searchFreeAppointments(t.db, f({ specialtyIds: ["YLE"] }), "kela65", main);
    expect(kela.appointments.length).toBeGreaterThan(0);
    expect(kela.appointments.every((a) => a.specialty.id === "Y65V")).toBe(true);
    const hidden = await searchFreeAppointments(t.db, f({ specialtyIds: ["Y65V"], offset: 100 }), "insurance", main);
    expect(hidden.appointments.some((a) => a.specialty.id === "Y65V")).toBe(false);
    const options = await filterOptions(t.db, "private", "fi", brands.main, FIXED_NOW);
    expect(options.specialties.map((x) => x.id)).not.toContain("Y65V");
    expect(options.clinics.map((c) => c.id)).not.toContain("RMT");
  });

  it("shows occupational slots on the occupational list only", async () => {
    const occ = await searchFreeAppointments(t.db, f({ offset: 100 }), "occupational", main);
    // The influenza vaccinations (ROKT) are offered to occupational and private customers alike.
    expect(new Set(occ.appointments.map((a) => a.specialty.id))).toEqual(new Set(["YLE", "HOI", "FYS", "TTH", "ROKT"]));
  });

  it("keeps to the brand's specialties (the children's brand books paediatrics only)", async () => {
    const pj = await searchFreeAppointments(t.db, f({ offset: 20 }), "private", { ...main, brand: brands.pikkujatti });
    expect(pj.appointments.length).toBeGreaterThan(0);
    expect(pj.appointments.every((a) => a.specialty.id === "LAS")).toBe(true);
    const options = await filterOptions(t.db, "private", "sv", brands.pikkujatti, FIXED_NOW);
    expect(options.specialties).toEqual([{ id: "LAS", name: "Barnsjukdomar" }]);
    expect(options.clinics.map((c) => c.id)).toEqual(["PJ-KAMPPI"]);
  });

  it("narrows to the time-of-day tab in Helsinki time", async () => {
    for (const time of ["morning", "afternoon", "evening"] as const) {
      const r = await searchFreeAppointments(t.db, f({ time, offset: 20 }), "private", main);
      expect(r.appointments.length).toBeGreaterThan(0);
      expect(r.appointments.every((a) => timeOfDayOf(new Date(a.startDate)) === time)).toBe(true);
    }
  });

  it("starts at the chosen date and never in the past", async () => {
    const r = await searchFreeAppointments(t.db, f({ startDate: "2026-12-01" }), "private", main);
    expect(Date.parse(r.appointments[0].startDate)).toBeGreaterThanOrEqual(helsinkiInstant("2026-12-01", 0).getTime());
    const past = await searchFreeAppointments(t.db, f({ startDate: "2026-01-01" }), "private", main);
    expect(past.startDate).toBe("2026-11-20");
    const later = clockAt(3 * 3600);
    const r2 = await searchFreeAppointments(t.db, f(), "private", { ...main, now: later });
    expect(r2.appointments.every((a) => Date.parse(a.startDate) > later.getTime())).toBe(true);
  });

  it("leaves out slots with an active reservation, and offers a cancelled one again", async () => {
    const [first] = (await searchFreeAppointments(t.db, f({ clinicIds: ["HYV-KESKUSTA"] }), "occupational", main))
      .appointments;
    const person = t.person("newCustomer");
    const [res] = await t.db
      .insert(s.reservations)
      .values({ appointmentId: first.id, personId: person.id })
      .returning();
    const after = await searchFreeAppointments(t.db, f({ clinicIds: ["HYV-KESKUSTA"] }), "occupational", main);
    expect(after.appointments.map((a) => a.id)).not.toContain(first.id);
    await t.db.update(s.reservations).set({ status: "cancelled" }).where(eq(s.reservations.id, res.id));
    const again = await searchFreeAppointments(t.db, f({ clinicIds: ["HYV-KESKUSTA"] }), "occupational", main);
    expect(again.appointments[0].id).toBe(first.id);
  });

  it("show more returns the whole list so far; the API pages from the offset", async () => {
    const one = await searchFreeAppointments(t.db, f(), "private", main);
    const two = await searchFreeAppointments(t.db, f({ offset: 20 }), "private", main);
    expect(two.appointments).toHaveLength(40);
    expect(two.appointments.slice(0, 20)).toEqual(one.appointments);
    const page2 = await searchFreeAppointments(t.db, f({ offset: 20 }), "private", { ...main, fromOffset: true });
    expect(page2.appointments).toEqual(two.appointments.slice(20));
  });
});

describe("alternatives on an empty result", () => {
  it("offers next month's days (at most 5) and the neighbouring municipalities' clinics with their first free time", async () => {
    // Dermatology is offered in Kerava and Järvenpää; Hyvinkää has none within the 30 days…
    const filters = f({ specialtyIds: ["IHO"], clinicIds: ["HYV-KESKUSTA"] });
    expect((await searchFreeAppointments(t.db, filters, "private", main)).appointments).toEqual([]);
    // …but does in the following month.
    const days = [35, 36, 40, 41, 42, 43, 44];
    await t.db.insert(s.appointments).values(
      days.map((d) => ({
        clinicId: "HYV-KESKUSTA",
        practitionerId: "P-ORA",
        specialtyId: "IHO",
        startsAt: new Date(helsinkiInstant("2026-11-20", 0).getTime() + d * 86_400_000 + 10 * 3600_000),
        durationMinutes: 30,
        careTypes: ["private" as const, "insurance" as const],
      })),
    );
    const alt = await searchAlternatives(t.db, filters, "private", main);
    expect(alt.nextDates).toHaveLength(5);
    expect(alt.nextDates[0]).toBe("2026-12-25");
    // Hyvinkää's neighbours are Järvenpää and Tuusula: only Järvenpää has dermatology.
    expect(alt.nearbyClinics.map((c) => c.clinicId)).toEqual(["JAR-KESKUSTA"]);
    expect(Date.parse(alt.nearbyClinics[0].firstFree)).toBeGreaterThan(FIXED_NOW.getTime());
    const dates = await availableAppointmentDates(
      t.db,
      f({ specialtyIds: ["IHO"], clinicIds: ["JAR-KESKUSTA"] }),
      "private",
      { ...main, from: "2026-11-20", to: "2026-11-30" },
    );
    expect(dates.every((d) => helsinkiDateParts(new Date(`${d}T12:00:00Z`)).weekday <= 5)).toBe(true);
    expect(dates.length).toBeGreaterThan(3);
  });
});

describe("search pages", () => {
  it("renders the private list with options and links to the anonymous free-appointment page", async () => {
    const result = (await load(searchRoute, "/fi/ajanvaraus/yksityisasiakas?time=morning")) as any;
    expect(result.careType).toBe("private");
    expect(result.list.state).toBe("ok");
    expect(result.list.result.appointments.length).toBe(PAGE_SIZE);
    expect(result.freeAppointmentPage).toBe("anonFreeAppointment");
    expect(result.choices.specialties.length).toBeGreaterThan(3);
    const logged = (await load(searchRoute, "/en/booking/insurance?time=all&insuranceCompany=IF", {
      as: "patient",
    })) as any;
    expect(logged).toMatchObject({
      careType: "insurance",
      freeAppointmentPage: "insuranceFreeAppointment",
      extras: { insuranceCompany: "IF" },
    });
  });

  it("applies the change rules to a no-JavaScript submit and redirects to the clean URL", async () => {
    const response = await thrownResponse(() =>
      load(
        searchRoute,
        "/fi/ajanvaraus/yksityisasiakas?time=all&prevSpecialty=&prevPractitioner=P-AHO&specialtyIds=PSY&practitionerIds=P-AHO&startDate=2026-11-23",
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "/fi/ajanvaraus/yksityisasiakas?specialtyIds=PSY&includeRemote=true&startDate=2026-11-23&time=all",
    );
  });

  it("shows the alternatives in the page on an empty result", async () => {
    const result = (await load(
      searchRoute,
      "/fi/ajanvaraus/yksityisasiakas?specialtyIds=GYN&clinicIds=VAN-TIKKURILA",
    )) as any;
    expect(result.list.result.appointments).toEqual([]);
    expect(result.list.alternatives.nearbyClinics.map((c: { clinicId: string }) => c.clinicId)).toEqual(["HKI-KAMPPI"]);
  });

  it("handles the occupational list's special cases", async () => {
    const anonymous = await thrownResponse(() => load(searchRoute, "/fi/tyoterveys?time=evening"));
    expect(anonymous.headers.get("Location")).toBe("/fi/ajanvaraus/tyoterveys?time=evening");
    expect(await load(searchRoute, "/fi/tyoterveys", { as: "newCustomer" })).toMatchObject({
      notice: { type: "noContract" },
    });
    expect(await load(searchRoute, "/fi/tyoterveys", { as: "guardian" })).toMatchObject({
      notice: { type: "phoneService", phone: "030 600 5060" },
    });
    await t.db
      .update(s.people)
      .set({ occupationalPhoneService: null })
      .where(eq(s.people.id, t.person("guardian").id));
    expect(await load(searchRoute, "/fi/tyoterveys", { as: "guardian" })).toMatchObject({
      notice: { type: "noWebReservation" },
      phone: "030 600 5000",
    });
    const employee = (await load(searchRoute, "/fi/tyoterveys", { as: "employee" })) as any;
    expect(employee.notice).toBeNull();
    expect(employee.freeAppointmentPage).toBe("occupationalFreeAppointment");
    expect(employee.list.result.appointments.length).toBe(PAGE_SIZE);
  });

  it("the occupational landing prompts sign-in with the query passed on, or sends a logged-in user on", async () => {
    const anonymous = (await load(
      occupationalLandingRoute,
      "/sv/tidsbokning/foretagshalsovard?specialtyIds=YLE&time=all",
    )) as any;
    const login = new URL(anonymous.loginHref, "http://x");
    expect(login.pathname).toBe("/sv/loggain");
    expect(login.searchParams.get("nextPath")).toBe("/sv/foretagshalsovard?specialtyIds=YLE&time=all");
    const logged = await thrownResponse(() =>
      load(occupationalLandingRoute, "/fi/ajanvaraus/tyoterveys?time=all", { as: "employee" }),
    );
    expect(logged.headers.get("Location")).toBe("/fi/tyoterveys?time=all");
    const pj: any = await load(occupationalLandingRoute, "/fi/ajanvaraus/tyoterveys", { brand: "pikkujatti" }).catch(
      (e: { init: { status: number } }) => e,
    );
    expect(pj.init.status).toBe(404);
    const kela = await load(searchRoute, "/fi/ajanvaraus/kela65").then(
      () => null,
      (e) => e,
    );
    expect(kela).toBeNull();
  });

  it("the landing offers occupational only in the main brand", async () => {
    expect(await load(landingRoute, "/fi/ajanvaraus")).toEqual({
      types: ["private", "occupational", "insurance", "kela65"],
    });
    expect(await load(landingRoute, "/fi/ajanvaraus", { brand: "pikkujatti" })).toEqual({
      types: ["private", "insurance", "kela65"],
    });
  });
});

describe("search calls", () => {
  it("GET /api/appointments answers the spec's shape and honours the flags", async () => {
    const { status, body } = answer(
      await load(apiAppointments, "/api/appointments?isKela65=true&lang=en&startDate=2026-11-23&endDate=2026-11-24"),
    );
    expect(status).toBe(200);
    expect(body.availableAppointments.type).toBe("success");
    const list = body.availableAppointments.appointments;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a: any) => a.specialty.id === "Y65V" && a.startDate < "2026-11-24T22:00:00.000Z")).toBe(true);
    expect(list[0].specialty.name).toBe("65+ doctor's appointment");
  });

  it("GET /api/appointments items carry the spec's Appointment fields (content, reservation notes, flags)", async () => {
    const { body } = answer(
      await load(apiAppointments, "/api/appointments?specialtyIds=PSY&includeRemote=true&lang=en&startDate=2026-11-23"),
    );
    const [item] = body.availableAppointments.appointments;
    expect(item).toMatchObject({
      id: expect.any(Number),
      startDate: expect.any(String),
      durationMinutes: 30,
      isSpecificTime: true,
      isCovidTestAppointment: false,
      practitionerId: "P-SAL",
      practitioner: {
        name: "Sari Salo",
        title: "Psychologist",
        isResource: false,
        cmsContent: { profilePicture: { url: null } },
        appointmentReservationInfo: "The first visit is an assessment visit.",
      },
      clinicId: "RMT",
      clinic: { cmsContent: { name: expect.any(String) } },
      specialtyId: "PSY",
      specialty: { id: "PSY", cmsContent: { title: expect.any(String) } },
      specialtyData: { specialties: [expect.objectContaining({ id: "PSY" })] },
      kindId: "ETA",
      kind: { cmsContent: { appointmentReservationInfo: expect.stringContaining("video call") } },
      locationType: "videoAppointment",
      isRemote: true,
      requiresAuthToReserve: expect.any(Boolean),
    });
    expect(item.clinic.cmsContent.name).toBe(item.clinic.name);
    expect(item.specialty.cmsContent.title).toBe(item.specialty.name);
  });

  it("GET /api/appointments expands clinicIds with the neighbouring municipalities' clinics (part 2 §7)", async () => {
    const { body } = answer(
      await load(
        apiAppointments,
        "/api/appointments?clinicIds=ESP-LEPPAVAARA&specialtyIds=YLE&lang=fi&startDate=2026-11-23&endDate=2026-12-04",
      ),
    );
    const clinics = new Set(body.availableAppointments.appointments.map((a: any) => a.clinicId));
    // Espoo's neighbours are Helsinki and Vantaa: the Helsinki general practitioner's times come along.
    expect(clinics.has("ESP-LEPPAVAARA")).toBe(true);
    expect(clinics.has("HKI-KAMPPI")).toBe(true);
    expect([...clinics].every((id) => /^(ESP|HKI|VAN)-/.test(String(id)))).toBe(true);
  });

  it("answers 400 for bad parameters and 401 for an anonymous occupational search", async () => {
    for (const q of [
      "startDate=2026-13-01",
      "time=night",
      "offset=abc",
      "clinicIds=%3Cx%3E",
      "lang=de",
      "isKela65=yes",
      "isKela65=true&isInsuranceCustomer=true",
      "startDate=2026-12-02&endDate=2026-12-01",
    ]) {
      const { status, body } = answer(await load(apiAppointments, `/api/appointments?${q}`));
      expect(status, q).toBe(400);
      expect(body.type).toBe("ValidationError");
    }
    expect(answer(await load(apiAppointments, "/api/appointments?isOccupationalHealthcare=true")).status).toBe(401);
    expect(
      answer(await load(apiAppointments, "/api/appointments?isOccupationalHealthcare=true", { as: "patient" })).status,
    ).toBe(403);
    expect(
      answer(await load(apiAppointments, "/api/appointments?isOccupationalHealthcare=true", { as: "employee" })).status,
    ).toBe(200);
  });

  it("GET practitioner-clinics, specialty and available-appointment-dates", async () => {
    expect(
      answer(await load(apiPractitionerClinics, "/api/appointments/practitioner-clinics?id=P-AHO&lang=fi")).body,
    ).toEqual({ clinicIds: ["HKI-KAMPPI", "RMT"] });
    expect(answer(await load(apiPractitionerClinics, "/api/appointments/practitioner-clinics?id=NOPE")).status).toBe(
      404,
    );
    expect(answer(await load(apiPractitionerClinics, "/api/appointments/practitioner-clinics")).status).toBe(400);
    expect(answer(await load(apiSpecialty, "/api/appointments/specialty?id=HOI&lang=sv")).body).toEqual({
      specialty: { cmsContent: { title: "Sjukskötare", description: expect.stringContaining("vaccinationer") } },
    });
    expect(answer(await load(apiSpecialty, "/api/appointments/specialty?id=HOI&lang=xx")).status).toBe(400);
    const dates = answer(
      await load(
        apiDates,
        "/api/appointments/available-appointment-dates?startDate=2026-11-20&endDate=2026-11-27&specialtyIds=YLE&timeOfDay=evening",
      ),
    );
    expect(dates.body.dates).toEqual([
      "2026-11-20",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
    expect(answer(await load(apiDates, "/api/appointments/available-appointment-dates?timeOfDay=late")).status).toBe(
      400,
    );
  });
});

describe("the calendar of free days", () => {
  it("lists the next days with free appointments from the start date as links that keep the filters", async () => {
    const path = "/fi/ajanvaraus/yksityisasiakas?specialtyIds=YLE&time=evening&startDate=2026-11-20";
    const page = (await load(searchRoute, path)) as { freeDays: string[]; startDate: string };
    // The same days the calendar's call gives for the same filters, the first seven of them.
    const call = answer(
      await load(
        apiDates,
        "/api/appointments/available-appointment-dates?startDate=2026-11-20&endDate=2027-01-18&specialtyIds=YLE&timeOfDay=evening",
      ),
    );
    expect(page.freeDays).toEqual(call.body.dates.slice(0, 7));
    expect(page.freeDays.slice(0, 3)).toEqual(["2026-11-20", "2026-11-23", "2026-11-24"]);
    // A service with no appointments at all: no days, no list.
    const none = (await load(searchRoute, "/fi/ajanvaraus/yksityisasiakas?specialtyIds=NOPE")) as {
      freeDays: string[];
    };
    expect(none.freeDays).toEqual([]);

    const html = (await sendAsBrowser(newCsrfCookieValue(), "GET", path)).text;
    const list = html.slice(html.indexOf('class="free-days"'));
    expect(list).toContain("Päivät, joilla on vapaita aikoja");
    expect(list).toContain(
      'href="/fi/ajanvaraus/yksityisasiakas?specialtyIds=YLE&amp;startDate=2026-11-23&amp;time=evening"',
    );
    // The chosen day is marked as the current one.
    expect(list).toMatch(/<a aria-current="date" href="[^"]*startDate=2026-11-20[^"]*"/);
  });

  it("the calendar's call answers for a month's grid and enforces the list's access", async () => {
    // November 2026's grid runs from Monday 26 October to Sunday 6 December; days before today are never free.
    const grid = answer(
      await load(
        apiDates,
        "/api/appointments/available-appointment-dates?startDate=2026-10-26&endDate=2026-12-06&specialtyIds=YLE&lang=fi",
      ),
    );
    expect(grid.status).toBe(200);
    expect(grid.body.dates.length).toBeGreaterThan(5);
    for (const day of grid.body.dates) expect(day >= "2026-11-20" && day <= "2026-12-06").toBe(true);
    // The occupational list's days need a logged-in person with a contract, as its page does.
    const anonymous = await load(
      apiDates,
      "/api/appointments/available-appointment-dates?isOccupationalHealthcare=true&startDate=2026-11-30&endDate=2027-01-03",
    );
    expect(answer(anonymous).status).toBe(401);
  });
});

describe("the search page's shared list and filter choices", () => {
  it("answers the same filters from memory and reads again after a reservation", async () => {
    const first = await cachedSearchList(t.db, f(), "private", main);
    expect(await cachedSearchList(t.db, f(), "private", main)).toBe(first);
    expect(await cachedSearchList(t.db, f({ offset: PAGE_SIZE }), "private", main)).not.toBe(first);
    if (first.state !== "ok") throw new Error("the list failed");
    const taken = first.result.appointments[0];

    const patient = t.person("patient");
    const reserved = await reserveAppointment(t.db, {
      reserver: { channel: "portal", personId: patient.id, actorId: patient.id },
      appointmentId: taken.id,
      careType: "private",
      contactPhone: "+358401112233",
      contactEmail: "test@example.com",
      brand: { id: "main", origin: ORIGIN },
      now: FIXED_NOW,
    });
    expect(reserved.type).toBe("success");
    const after = await cachedSearchList(t.db, f(), "private", main);
    expect(after).not.toBe(first);
    if (after.state !== "ok") throw new Error("the list failed");
    expect(after.result.appointments.map((a) => a.id)).not.toContain(taken.id);
  });

  it("shares the filter choices per customer type and language", async () => {
    const fi = await cachedFilterOptions(t.db, "private", "fi", brands.main, FIXED_NOW);
    expect(await cachedFilterOptions(t.db, "private", "fi", brands.main, FIXED_NOW)).toBe(fi);
    expect(await cachedFilterOptions(t.db, "private", "sv", brands.main, FIXED_NOW)).not.toBe(fi);
    expect(fi).toEqual(await filterOptions(t.db, "private", "fi", brands.main, FIXED_NOW));
  });
});
