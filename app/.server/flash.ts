import { z } from "zod";
import { cookieName, readCookie, serializeCookie } from "./cookies";

/**
 * A one-time message shown after a redirect: rendered by the server as a notification banner and, when
 * hydrated, as a timed toast. Holds only an i18n key, never personal data.
 */
const flashSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  key: z
    .string()
    .regex(/^[\w.-]+$/)
    .max(100),
  timeoutMs: z.number().int().positive().max(60_000).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

const FLASH_COOKIE = () => cookieName("flash");

export function flashCookie(flash: Flash): string {
  return serializeCookie(FLASH_COOKIE(), encodeURIComponent(JSON.stringify(flash)), { maxAge: 120 });
}

export function clearFlashCookie(): string {
  return serializeCookie(FLASH_COOKIE(), "", { maxAge: 0 });
}

export function readFlash(request: Request): Flash | null {
  const raw = readCookie(request.headers.get("Cookie"), FLASH_COOKIE());
  if (!raw) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
