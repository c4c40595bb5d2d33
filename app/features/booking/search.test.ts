import { describe, expect, it } from "vitest";
import {
  EMPTY_FILTERS,
  KELA65_SPECIALTY,
  MUNICIPALITY_NEIGHBOURS,
  PAGE_SIZE,
  MAX_ALTERNATIVE_DAYS,
  REMOTE_SPECIALTIES,
  addDays,
  applyFormChange,
  changePractitioner,
  changeSpecialty,
  effectiveFilters,
  groupByDay,
  helsinkiInstant,
  isIsoDate,
  nearbyClinicIds,
  neighbourMunicipalities,
  occupationalAccess,
  parseFilters,
  safeListPath,
  serializeFilters,
  timeOfDayOf,
  timeWindows,
} from "./search";
import { helsinkiToday } from "~/lib/format";

describe("filters in the URL", () => {
  it("parses repeated list keys, includeRemote=true, startDate, time and offset", () => {
    const { filters, invalid } = parseFilters(
      new URLSearchParams(
        "specialtyIds=YLE&practitionerIds=P-AHO&practitionerIds=P-BERG&clinicIds=HKI-KAMPPI&includeRemote=true&startDate=2026-12-01&time=evening&offset=40",
      ),
    );
    expect(invalid).toEqual([]);
    expect(filters).toEqual({
      specialtyIds: ["YLE"],
      practitionerIds: ["P-AHO", "P-BERG"],
      clinicIds: ["HKI-KAMPPI"],
      includeRemote: true,
      startDate: "2026-12-01",
      time: "evening",
      offset: 40,
    });
  });

  it("defaults missing values and names malformed ones", () => {
    expect(parseFilters(new URLSearchParams(""))).toEqual({ filters: EMPTY_FILTERS, invalid: [] });
    const { filters, invalid } = parseFilters(
      new URLSearchParams(
        "startDate=2026-02-30&time=night&offset=-1&includeRemote=yes&clinicIds=a%20b&specialtyIds=YLE",
      ),
    );
    expect(invalid.sort()).toEqual(["clinicIds", "includeRemote", "offset", "startDate", "time"]);
    expect(filters).toMatchObject({
      startDate: null,
      time: "all",
      offset: 0,
      includeRemote: false,
      clinicIds: [],
      specialtyIds: ["YLE"],
    });
    expect(parseFilters(new URLSearchParams("offset=100000")).invalid).toEqual(["offset"]);
  });

  it("accepts comma-separated values and de-duplicates", () => {
    expect(parseFilters(new URLSearchParams("clinicIds=A,B&clinicIds=A")).filters.clinicIds).toEqual(["A", "B"]);
  });

  it("serializes with one key per value, keeps time always and leaves other defaults out; round-trips", () => {
    expect(serializeFilters(EMPTY_FILTERS).toString()).toBe("time=all");
    const f = {
      ...EMPTY_FILTERS,
      clinicIds: ["A", "B"],
      includeRemote: true,
      startDate: "2026-11-21",
      time: "morning" as const,
      offset: 20,
    };
    const params = serializeFilters(f);
    expect(params.toString()).toBe(
      "clinicIds=A&clinicIds=B&includeRemote=true&startDate=2026-11-21&time=morning&offset=20",
    );
    expect(parseFilters(params).filters).toEqual(f);
  });

  it("validates calendar dates", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
  });
});

describe("time of day (Helsinki)", () => {
  it("turns a wall-clock hour into the right instant in winter and summer", () => {
    expect(helsinkiInstant("2026-11-20", 7).toISOString()).toBe("2026-11-20T05:00:00.000Z");
    expect(helsinkiInstant("2026-07-01", 7).toISOString()).toBe("2026-07-01T04:00:00.000Z");
    // The day clocks go forward (29 March 2026): midnight is still +2, the morning already +3.
    expect(helsinkiInstant("2026-03-29", 0).toISOString()).toBe("2026-03-28T22:00:00.000Z");
    expect(helsinkiInstant("2026-03-29", 7).toISOString()).toBe("2026-03-29T04:00:00.000Z");
  });

  it("narrows each day of the window to the tab's hours (morning 7–12, afternoon 12–16, evening 16–21)", () => {
    const mornings = timeWindows("2026-11-20", 3, "morning");
    expect(mornings).toHaveLength(3);
    expect(mornings[0]).toEqual({ from: new Date("2026-11-20T05:00:00Z"), to: new Date("2026-11-20T10:00:00Z") });
    expect(mornings[2].from.toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(timeWindows("2026-11-20", 1, "afternoon")[0]).toEqual({
      from: new Date("2026-11-20T10:00:00Z"),
      to: new Date("2026-11-20T14:00:00Z"),
    });
    expect(timeWindows("2026-11-20", 1, "evening")[0]).toEqual({
      from: new Date("2026-11-20T14:00:00Z"),
      to: new Date("2026-11-20T19:00:00Z"),
    });
    expect(timeWindows("2026-11-20", 30, "all")).toEqual([
      { from: new Date("2026-11-19T22:00:00Z"), to: new Date("2026-12-19T22:00:00Z") },
    ]);
  });

  it("places an instant in its tab at the boundaries", () => {
    expect(timeOfDayOf(new Date("2026-11-20T04:59:00Z"))).toBeNull();
    expect(timeOfDayOf(new Date("2026-11-20T05:00:00Z"))).toBe("morning");
    expect(timeOfDayOf(new Date("2026-11-20T10:00:00Z"))).toBe("afternoon");
    expect(timeOfDayOf(new Date("2026-11-20T14:00:00Z"))).toBe("evening");
    expect(timeOfDayOf(new Date("2026-11-20T19:00:00Z"))).toBeNull();
  });

  it("knows today in Helsinki across midnight UTC and adds days over month ends", () => {
    expect(helsinkiToday(new Date("2026-11-20T22:30:00Z"))).toBe("2026-11-21");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-20", 30)).toBe("2026-12-20");
  });
});

describe("municipality neighbours", () => {
  it("is exactly the §9 list", () => {
    expect(MUNICIPALITY_NEIGHBOURS).toEqual({
      espoo: ["helsinki", "vantaa"],
      helsinki: ["espoo", "vantaa"],
      hyvinkää: ["järvenpää", "tuusula"],
      järvenpää: ["kerava", "tuusula"],
      kerava: ["järvenpää", "tuusula"],
      tuusula: ["järvenpää", "kerava"],
      vantaa: ["espoo", "helsinki", "kerava"],
    });
  });

  it("expands to the neighbours, without the chosen municipalities themselves", () => {
    expect(neighbourMunicipalities(["vantaa"]).sort()).toEqual(["espoo", "helsinki", "kerava"]);
    expect(neighbourMunicipalities(["helsinki", "espoo"])).toEqual(["vantaa"]);
    expect(neighbourMunicipalities(["remote"])).toEqual([]);
  });

  it("finds the clinics of the neighbouring municipalities", () => {
    const clinics = [
      { id: "H1", municipality: "helsinki" },
      { id: "H2", municipality: "helsinki" },
      { id: "E1", municipality: "espoo" },
      { id: "V1", municipality: "vantaa" },
      { id: "K1", municipality: "kerava" },
    ];
    expect(nearbyClinicIds(["H1"], clinics)).toEqual(["E1", "V1"]);
    expect(nearbyClinicIds(["V1"], clinics)).toEqual(["H1", "H2", "E1", "K1"]);
    expect(nearbyClinicIds([], clinics)).toEqual([]);
  });
});

describe("filter changes (§4)", () => {
  const base = { ...EMPTY_FILTERS, practitionerIds: ["P-AHO"], offset: 40 };

  it("changing the specialty clears the practitioner and resets paging", () => {
    expect(changeSpecialty(base, "YLE")).toMatchObject({
      specialtyIds: ["YLE"],
      practitionerIds: [],
      includeRemote: false,
      offset: 0,
    });
    expect(changeSpecialty(base, null)).toMatchObject({ specialtyIds: [], practitionerIds: [] });
  });

  it("a remote specialty turns includeRemote on", () => {
    expect(REMOTE_SPECIALTIES).toContain("PSY");
    expect(changeSpecialty(base, "PSY").includeRemote).toBe(true);
  });

  it("choosing a practitioner clears the specialty (or sets Y65V on kela65) and turns includeRemote on", () => {
    const f = { ...EMPTY_FILTERS, specialtyIds: ["YLE"], offset: 20 };
    expect(changePractitioner(f, "P-BERG", "private")).toMatchObject({
      practitionerIds: ["P-BERG"],
      specialtyIds: [],
      includeRemote: true,
      offset: 0,
    });
    expect(changePractitioner(f, "P-VIR", "kela65")).toMatchObject({
      specialtyIds: [KELA65_SPECIALTY],
      includeRemote: true,
    });
    expect(changePractitioner(f, null, "private")).toMatchObject({ practitionerIds: [], specialtyIds: ["YLE"] });
  });

  it("fixes Y65V on kela65 and hides it elsewhere", () => {
    expect(effectiveFilters({ ...EMPTY_FILTERS, specialtyIds: ["YLE"] }, "kela65").specialtyIds).toEqual(["Y65V"]);
    expect(effectiveFilters({ ...EMPTY_FILTERS, specialtyIds: ["Y65V", "YLE"] }, "private").specialtyIds).toEqual([
      "YLE",
    ]);
  });

  it("a no-JavaScript submit tells which of specialty and practitioner changed", () => {
    expect(applyFormChange(new URLSearchParams("specialtyIds=YLE"), "private")).toBeNull();
    const specialtyChanged = applyFormChange(
      new URLSearchParams("specialtyIds=PSY&practitionerIds=P-AHO&prevSpecialty=&prevPractitioner=P-AHO&time=all"),
      "private",
    );
    expect(specialtyChanged).toMatchObject({ specialtyIds: ["PSY"], practitionerIds: [], includeRemote: true });
    const practitionerChanged = applyFormChange(
      new URLSearchParams("specialtyIds=YLE&practitionerIds=P-BERG&prevSpecialty=YLE&prevPractitioner=&offset=20"),
      "private",
    );
    expect(practitionerChanged).toMatchObject({
      specialtyIds: [],
      practitionerIds: ["P-BERG"],
      includeRemote: true,
      offset: 0,
    });
    const dateOnly = applyFormChange(
      new URLSearchParams("specialtyIds=YLE&prevSpecialty=YLE&prevPractitioner=&startDate=2026-12-01&clinicIds=A"),
      "private",
    );
    expect(dateOnly).toMatchObject({
      specialtyIds: ["YLE"],
      startDate: "2026-12-01",
      clinicIds: ["A"],
      includeRemote: false,
    });
  });
});

describe("other rules", () => {
  it("has the §9 constants", () => {
    expect(PAGE_SIZE).toBe(20);
    expect(MAX_ALTERNATIVE_DAYS).toBe(5);
  });

  it("groups results by Helsinki day in order", () => {
    const groups = groupByDay([
      { id: 1, startDate: "2026-11-20T06:00:00Z" },
      { id: 2, startDate: "2026-11-20T22:30:00Z" },
      { id: 3, startDate: "2026-11-21T08:00:00Z" },
    ]);
    expect(groups.map((g) => [g.day, g.appointments.map((a) => a.id)])).toEqual([
      ["2026-11-20", [1]],
      ["2026-11-21", [2, 3]],
    ]);
  });

  it("accepts only local paths as the list to go back to", () => {
    expect(safeListPath("/fi/ajanvaraus/yksityisasiakas?time=all")).toBe("/fi/ajanvaraus/yksityisasiakas?time=all");
    expect(safeListPath("//evil.example/")).toBeNull();
    expect(safeListPath("https://evil.example/")).toBeNull();
    expect(safeListPath("/\\evil.example")).toBeNull();
  });

  it("decides the occupational special cases", () => {
    expect(
      occupationalAccess({
        hasOccupationalCare: false,
        occupationalWebReservation: true,
        occupationalPhoneService: null,
      }),
    ).toEqual({ type: "noContract" });
    expect(
      occupationalAccess({
        hasOccupationalCare: true,
        occupationalWebReservation: false,
        occupationalPhoneService: "030 1",
      }),
    ).toEqual({ type: "phoneService", phone: "030 1", description: null });
    expect(
      occupationalAccess({
        hasOccupationalCare: true,
        occupationalWebReservation: false,
        occupationalPhoneService: "030 1",
        occupationalPhoneServiceDescription: " Hoitaja neuvoo. ",
      }),
    ).toEqual({ type: "phoneService", phone: "030 1", description: "Hoitaja neuvoo." });
    expect(
      occupationalAccess({
        hasOccupationalCare: true,
        occupationalWebReservation: false,
        occupationalPhoneService: null,
      }),
    ).toEqual({ type: "noWebReservation" });
    expect(
      occupationalAccess({
        hasOccupationalCare: true,
        occupationalWebReservation: true,
        occupationalPhoneService: null,
      }),
    ).toEqual({ type: "ok" });
  });
});
