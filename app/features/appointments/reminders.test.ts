import { describe, expect, it } from "vitest";
import { brands } from "#brands/index";
import {
  QUIET_HOURS,
  REMINDER_LEAD_HOURS,
  SENSITIVE_SPECIALTY_IDS,
  inQuietHours,
  reminderDue,
} from "./reminders.server";

const HOUR = 3_600_000;

describe("appointment reminders", () => {
  it("keeps quiet from 21 to 8 Helsinki time, in winter and in summer", () => {
    // Winter: UTC+2.
    expect(inQuietHours(new Date("2026-11-20T18:59:00Z"))).toBe(false);
    expect(inQuietHours(new Date("2026-11-20T19:00:00Z"))).toBe(true);
    expect(inQuietHours(new Date("2026-11-21T05:59:00Z"))).toBe(true);
    expect(inQuietHours(new Date("2026-11-21T06:00:00Z"))).toBe(false);
    // Summer: UTC+3.
    expect(inQuietHours(new Date("2026-07-01T17:59:00Z"))).toBe(false);
    expect(inQuietHours(new Date("2026-07-01T18:00:00Z"))).toBe(true);
    expect(inQuietHours(new Date("2026-07-02T05:00:00Z"))).toBe(false);
    expect(QUIET_HOURS).toEqual({ from: 21, until: 8 });
  });

  it("is due within the lead time, not in the last hour, and not for a slot reserved within the lead time", () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const starts = (hours: number) => new Date(now.getTime() + hours * HOUR);
    const weekAgo = new Date(now.getTime() - 7 * 24 * HOUR);
    expect(reminderDue({ startsAt: starts(REMINDER_LEAD_HOURS), reservedAt: weekAgo }, now)).toBe(true);
    expect(reminderDue({ startsAt: starts(REMINDER_LEAD_HOURS + 0.1), reservedAt: weekAgo }, now)).toBe(false);
    expect(reminderDue({ startsAt: starts(1), reservedAt: weekAgo }, now)).toBe(true);
    expect(reminderDue({ startsAt: starts(0.9), reservedAt: weekAgo }, now)).toBe(false);
    expect(reminderDue({ startsAt: starts(30), reservedAt: now }, now)).toBe(false);
  });

  it("arrives while every brand still lets the customer cancel online, by a margin the quiet hours cannot eat", () => {
    for (const brand of Object.values(brands)) {
      const quietHours = 24 - QUIET_HOURS.from + QUIET_HOURS.until;
      expect(REMINDER_LEAD_HOURS - brand.cancellationLimitHours, brand.id).toBeGreaterThan(quietHours);
    }
  });

  it("names no service of psychology, psychiatry or sexual health", () => {
    expect(SENSITIVE_SPECIALTY_IDS).toEqual(expect.arrayContaining(["PSY"]));
  });
});
