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

/** The value of cookie `name`, or null when it is absent or its value is not valid percent-encoding. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      // A value no browser of ours could have been given (`%`, `%E0%A4%A`): as good as no cookie.
      return null;
    }
  }
  return null;
}
