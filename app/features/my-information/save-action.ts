import { z } from "zod";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";

/** The tabs of My information (spec part 1 §2), as the `tab` query and the save action name them. */
export const MY_INFORMATION_TABS = ["contact", "guardians", "consent"] as const;
export type MyInformationTab = (typeof MY_INFORMATION_TABS)[number];

/** Longest `saveAction` query value accepted; a real one is well under 200 characters. */
export const SAVE_ACTION_MAX_LENGTH = 512;

const id = z.unknown().transform((value, ctx) => {
  const parsed = parseId(value);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "invalid id" });
    return z.NEVER;
  }
  return parsed;
});

// Invoice numbers are digits only (at most 20), as a JSON string or a safe integer.
const invoiceNumber = z.unknown().transform((value, ctx) => {
  const text = typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9][0-9]{0,19}$/.test(text)) {
    ctx.addIssue({ code: "custom", message: "invalid invoice number" });
    return z.NEVER;
  }
  return text;
});

/** The save action types of spec part 1 §3, strictly: no other keys, no other values. */
const saveActionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("reload-page") }),
  z.strictObject({ type: z.literal("go-to-reserve-appointment-page"), appointmentId: id }),
  z.strictObject({ type: z.literal("go-to-invoice-page"), invoiceNumber }),
  z.strictObject({
    type: z.literal("go-to-view-appointment-page"),
    appointmentId: id,
    tab: z.enum(MY_INFORMATION_TABS).optional(),
  }),
]);

export type SaveAction = z.output<typeof saveActionSchema>;

function decodeBase64Url(raw: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(raw)) return null;
  try {
    const bytes = Uint8Array.from(atob(raw.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The `saveAction` query of My information: URL-safe encoded JSON, either percent-encoded JSON (what
 * URLSearchParams gives back decoded) or base64url of the JSON. Anything that is not exactly one of the four
 * save actions is null, and the page then behaves as without one.
 */
export function parseSaveAction(raw: string | null | undefined): SaveAction | null {
  if (!raw || raw.length > SAVE_ACTION_MAX_LENGTH) return null;
  const text = raw.trimStart().startsWith("{") ? raw : decodeBase64Url(raw);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const parsed = saveActionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The canonical query value of a save action (so links and forms carry only what was accepted). */
export function encodeSaveAction(action: SaveAction): string {
  return JSON.stringify(action);
}

/** The tab My information opens with: the consent tab first when the save action says so. */
export function initialTab(requested: string | null, action: SaveAction | null): MyInformationTab {
  if (requested && (MY_INFORMATION_TABS as readonly string[]).includes(requested)) return requested as MyInformationTab;
  if (action?.type === "go-to-view-appointment-page" && action.tab) return action.tab;
  return "contact";
}

/**
 * Where saving leads: always a page of the route table, in the page's language, never a URL from the query.
 * `here` is My information itself (the reload-page action and no action).
 */
export function saveActionTarget(action: SaveAction | null, lang: Lang, here: string): string {
  switch (action?.type) {
    case "go-to-reserve-appointment-page":
      return href("freeAppointment", lang, { id: action.appointmentId });
    case "go-to-view-appointment-page":
      return href("appointment", lang, { ids: action.appointmentId });
    case "go-to-invoice-page":
      return href("payInvoice", lang, { id: action.invoiceNumber });
    default:
      return here;
  }
}
