import { createHmac, timingSafeEqual } from "node:crypto";
import { cookieName, readCookie, serializeCookie } from "~/.server/cookies";
import { env } from "~/.server/env";

/**
 * The browser that made an anonymous reservation keeps a cookie that proves it, for a day: only that browser
 * sees the whole confirmation (professional and service). Anyone else holding the link (it travels by SMS)
 * sees what the clinic-door page shows: time and place.
 */
const OWNER_COOKIE = () => cookieName("reservation");
const DAY_SECONDS = 24 * 60 * 60;

function proof(token: string): string {
  return createHmac("sha256", env().sessionSecret).update(`reservation-owner:${token}`).digest("base64url");
}

export function reservationOwnerCookie(token: string): string {
  return serializeCookie(OWNER_COOKIE(), proof(token), { maxAge: DAY_SECONDS });
}

export function isReservationOwner(request: Request, token: string): boolean {
  const given = Buffer.from(readCookie(request.headers.get("Cookie"), OWNER_COOKIE()) ?? "");
  const expected = Buffer.from(proof(token));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
