/**
 * The anonymous view of an appointment (spec part 1 §2, §8) through the real request handler: a clinic-door token
 * under the appointments path moves for good to the door page in the same language, any other alphanumeric id is
 * "Appointment not found" without login, and numeric ids stay the logged-in page (login first, another person's
 * appointment not found).
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import type { Person } from "~/.server/session";
import { doorToken } from "~/features/appointments/door.server";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { login, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const get = (path: string, options: SendOptions = {}) => sendAsBrowser(csrfCookie, "GET", path, options);

/** The person's first active reservation: its appointment and door token. */
async function reservationOf(person: Person) {
  const [row] = await t.db
    .select({ appointmentId: s.reservations.appointmentId, reservationId: s.reservations.id })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(and(eq(s.reservations.personId, person.id), eq(s.reservations.status, "active")))
    .orderBy(asc(s.appointments.startsAt))
    .limit(1);
  return { ...row, token: doorToken(row.appointmentId, row.reservationId) };
}

/** The text of the page's h1. */
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];

describe("the anonymous view of an appointment", () => {
  it("moves a clinic-door token permanently to the door page, in the same language", async () => {
    const { token } = await reservationOf(t.person("employee"));
    for (const [path, door] of [
      [`/fi/ajanvaraukset/${token}`, `/fi/varaus/${token}`],
      [`/sv/tidsbokningar/${token}`, `/sv/bokning/${token}`],
      [`/en/appointments/${token}`, `/en/appointment/${token}`],
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(301);
      expect(answer.location, path).toBe(door);
    }
    // The door page it leads to shows the time and place, without a login.
    const door = await get(`/en/appointment/${token}`);
    expect(door.status).toBe(200);
    expect(h1(door.text)).toBe("Your appointment");
    expect(door.text).toContain("Solmu Kamppi");
  });

  it("answers any other alphanumeric id with 'Appointment not found', log in and reserve links, without login", async () => {
    const { appointmentId, token } = await reservationOf(t.person("employee"));
    const forged = Buffer.from(`${appointmentId}_${"A".repeat(22)}`).toString("base64url");
    for (const path of ["/en/appointments/abc123", `/en/appointments/${forged}`, `/en/appointments/${token}x`]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(h1(page.text), path).toBe("Appointment not found");
      expect(page.text).toContain('href="/en/login"');
      expect(page.text).toContain('href="/en/booking"');
      expect(page.location).toBeNull();
    }
    const fi = await get("/fi/ajanvaraukset/abc123");
    expect(fi.status).toBe(404);
    expect(h1(fi.text)).toBe("Ajanvarausta ei löytynyt");
    expect(fi.text).toContain('href="/fi/kirjaudu"');
    expect(fi.text).toContain('href="/fi/ajanvaraus"');
    // A logged-in visitor gets the same answer: the id is not one of theirs either.
    const logged = await get("/en/appointments/abc123", { session: await login(t.person("employee")) });
    expect(logged.status).toBe(404);
    expect(h1(logged.text)).toBe("Appointment not found");
  });

  it("keeps numeric ids logged in: an anonymous visitor goes to login, whether or not the appointment exists", async () => {
    const { appointmentId } = await reservationOf(t.person("employee"));
    const existing = await get(`/fi/ajanvaraukset/${appointmentId}`);
    const missing = await get("/fi/ajanvaraukset/2147483000");
    for (const answer of [existing, missing]) {
      expect(answer.status).toBe(302);
      expect(new URL(answer.location!, "http://x").pathname).toBe("/fi/kirjaudu");
    }
    expect(new URL(existing.location!, "http://x").search.replace(String(appointmentId), "N")).toBe(
      new URL(missing.location!, "http://x").search.replace("2147483000", "N"),
    );
  });

  it("shows the owner the appointment and answers another person's appointment with not found", async () => {
    const { appointmentId } = await reservationOf(t.person("employee"));
    const own = await get(`/fi/ajanvaraukset/${appointmentId}`, { session: await login(t.person("employee")) });
    expect(own.status).toBe(200);
    expect(h1(own.text)).toBe("Varattu aika");
    const foreign = await get(`/fi/ajanvaraukset/${appointmentId}`, { session: await login(t.person("patient")) });
    expect(foreign.status).toBe(404);
    expect(h1(foreign.text)).toBe("Ajanvarausta ei löytynyt");
    expect(foreign.text).not.toContain("Solmu Kamppi");
  });

  it("refuses a post to an anonymous id without looking anything up", async () => {
    const { token } = await reservationOf(t.person("employee"));
    const answer = await sendAsBrowser(csrfCookie, "POST", `/fi/ajanvaraukset/${token}`, {
      form: { intent: "checkIn", appointmentId: "1" },
    });
    expect(answer.status).toBe(404);
  });
});
