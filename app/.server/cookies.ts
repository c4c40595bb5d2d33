import { env } from "./env";

/** `__Host-` names and Secure when served over https in production; plain names on http://localhost. */
export function cookieName(base: string): string {
  return env().secureCookies ? `__Host-${base}` : base;
}

export function serializeCookie(name: string, value: string, opts: { maxAge?: number } = {}): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (env().secureCookies) parts.push("Secure");
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  return parts.join("; ");
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}
