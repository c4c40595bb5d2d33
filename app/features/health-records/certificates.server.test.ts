import { describe, expect, it } from "vitest";
import { CERTIFICATES_SINCE, certificateFilename, formatPeriod } from "./certificates.server";

describe("CERTIFICATES_SINCE", () => {
  it("is the start of 1 January 2022 in Helsinki", () => {
    expect(CERTIFICATES_SINCE.toISOString()).toBe("2021-12-31T22:00:00.000Z");
  });
});

describe("formatPeriod", () => {
  it("writes a sick leave as the language writes date ranges", () => {
    expect(formatPeriod("2026-10-21", "2026-10-25", "fi")).toBe("21.10.2026–25.10.2026");
    expect(formatPeriod("2026-10-21", "2026-10-25", "sv")).toBe("21.10.2026–25.10.2026");
    expect(formatPeriod("2026-10-21", "2026-10-25", "en")).toBe("21 October 2026 – 25 October 2026");
  });

  it("names a one-day leave once", () => {
    expect(formatPeriod("2026-03-01", "2026-03-01", "fi")).toBe("1.3.2026");
  });
});

describe("certificateFilename", () => {
  it("is a fixed word in the page's language and the id", () => {
    expect(certificateFilename(12, "fi")).toBe("todistus-12.pdf");
    expect(certificateFilename(12, "sv")).toBe("intyg-12.pdf");
    expect(certificateFilename(7, "en")).toBe("certificate-7.pdf");
  });
});
