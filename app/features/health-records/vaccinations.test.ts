import { describe, expect, it } from "vitest";
import { pageNumber as requestedPage } from "~/lib/id";
import { VACCINATIONS_PAGE_SIZE, bookingSearchHref, pageWindow } from "./vaccinations";

describe("vaccination pages (spec part 1 §9: 25 a page)", () => {
  it("reads ?page= as a whole number from 1 up, else the first page", () => {
    expect(requestedPage(null)).toBe(1);
    expect(requestedPage("")).toBe(1);
    expect(requestedPage("2")).toBe(2);
    expect(requestedPage("17")).toBe(17);
    for (const bad of ["0", "-1", "1.5", "abc", "2abc", " 2", "02", "1e3", "9999999"])
      expect(requestedPage(bad), bad).toBe(1);
  });

  it("splits 30 vaccinations into 25 and 5", () => {
    expect(VACCINATIONS_PAGE_SIZE).toBe(25);
    expect(pageWindow(30, 1)).toEqual({ page: 1, pages: 2, offset: 0, limit: 25 });
    expect(pageWindow(30, 2)).toEqual({ page: 2, pages: 2, offset: 25, limit: 25 });
  });

  it("has no page after the last one", () => {
    expect(pageWindow(30, 3)).toBeNull();
    expect(pageWindow(25, 2)).toBeNull();
    expect(pageWindow(26, 2)).toEqual({ page: 2, pages: 2, offset: 25, limit: 25 });
    expect(pageWindow(30, 0)).toBeNull();
  });

  it("keeps the first page of an empty list, to say there is nothing", () => {
    expect(pageWindow(0, 1)).toEqual({ page: 1, pages: 1, offset: 0, limit: 25 });
    expect(pageWindow(0, 2)).toBeNull();
  });
});

describe("booking links", () => {
  it("repeat specialtyIds once per specialty, in the search's language", () => {
    expect(bookingSearchHref("privateBooking", "fi", ["ROKT"])).toBe(
      "/fi/ajanvaraus/yksityisasiakas?specialtyIds=ROKT",
    );
    expect(bookingSearchHref("privateBooking", "en", ["HOI"])).toBe("/en/booking/private-customer?specialtyIds=HOI");
    expect(bookingSearchHref("occupationalBooking", "sv", ["ROKT", "ROKH"])).toBe(
      "/sv/foretagshalsovard?specialtyIds=ROKT&specialtyIds=ROKH",
    );
    expect(
      new URL(bookingSearchHref("occupationalBooking", "fi", ["ROKT", "ROKH"]), "http://x").searchParams.getAll(
        "specialtyIds",
      ),
    ).toEqual(["ROKT", "ROKH"]);
  });

  it("leave the query out without specialties", () => {
    expect(bookingSearchHref("privateBooking", "fi", [])).toBe("/fi/ajanvaraus/yksityisasiakas");
  });
});
