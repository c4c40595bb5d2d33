// The second insurer's permit application page as a development stand-in: a plain HTML form (no JavaScript) that
// approves, denies, cancels or fails the application and sends the browser back to the portal with the insurer's
// return parameter. Mounted at /dev/insurers/lahitapiola/apply only while LAHITAPIOLA_API_URL is not set.
import type { Database } from "../db/client";
import * as s from "../db/schema";
import type { LocalizedText } from "../db/schema";
import { env } from "../env";
import { helsinkiDateParts } from "~/lib/format";
import { isLang, type Lang } from "~/lib/lang";
import { permitContentHash } from "../permit-content-hash";
import { DEV_APPLY_PATH, readApplicantToken } from "../insurers";

export const DECISIONS = ["approve", "deny", "cancel", "fail"] as const;
export type Decision = (typeof DECISIONS)[number];

/** The return parameter each decision puts on the portal's address (spec part 2 §4). */
export const RETURN_PARAMETER: Record<Decision, string> = {
  approve: "directcompensationallowed",
  deny: "directcompensationdenied",
  cancel: "cancel",
  fail: "error",
};

/** What an approved application covers; the stand-in offers a few typical ones. */
export const DEV_SYMPTOMS: Record<string, { symptom: LocalizedText; bodyPart: LocalizedText }> = {
  knee: {
    symptom: { fi: "Polven vamma", sv: "Knäskada", en: "Knee injury" },
    bodyPart: { fi: "Polvi", sv: "Knä", en: "Knee" },
  },
  back: {
    symptom: { fi: "Selkäkipu", sv: "Ryggsmärta", en: "Back pain" },
    bodyPart: { fi: "Selkä", sv: "Rygg", en: "Back" },
  },
  shoulder: {
    symptom: { fi: "Olkapään kipu", sv: "Axelsmärta", en: "Shoulder pain" },
    bodyPart: { fi: "Olkapää", sv: "Axel", en: "Shoulder" },
  },
};

const TEXTS: Record<Lang, Record<string, string>> = {
  fi: {
    title: "LähiTapiola – maksusitoumushakemus (kehitysympäristö)",
    intro: "Tämä sivu korvaa vakuutusyhtiön hakemussivun kehitysympäristössä. Valitse, miten hakemus päättyy.",
    symptom: "Mihin vaivaan haet maksusitoumusta?",
    approve: "Hyväksy hakemus",
    deny: "Hylkää hakemus",
    cancel: "Peruuta",
    fail: "Tekninen virhe",
    invalid: "Hakemuslinkki on vanhentunut tai virheellinen. Palaa ajanvaraukseen ja yritä uudelleen.",
  },
  sv: {
    title: "LähiTapiola – ansökan om betalningsförbindelse (utvecklingsmiljö)",
    intro: "Denna sida ersätter försäkringsbolagets ansökningssida i utvecklingsmiljön. Välj hur ansökan slutar.",
    symptom: "För vilket besvär ansöker du om betalningsförbindelse?",
    approve: "Godkänn ansökan",
    deny: "Avslå ansökan",
    cancel: "Avbryt",
    fail: "Tekniskt fel",
    invalid: "Ansökningslänken har gått ut eller är felaktig. Gå tillbaka till tidsbokningen och försök igen.",
  },
  en: {
    title: "LähiTapiola – direct compensation application (development)",
    intro: "This page stands in for the insurer's application page in development. Choose how the application ends.",
    symptom: "What is the permit for?",
    approve: "Approve the application",
    deny: "Deny the application",
    cancel: "Cancel",
    fail: "Technical fault",
    invalid: "The application link has expired or is not valid. Go back to the booking and try again.",
  },
};

export function devInsurerEnabled(): boolean {
  return env().environment !== "production" && !process.env.LAHITAPIOLA_API_URL;
}

function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The portal address to return to: only the portal's own origins (never an open redirect). */
export function safeReturnUrl(redirectTo: string | null, extraOrigins: string[] = []): URL | null {
  if (!redirectTo) return null;
  try {
    const url = new URL(redirectTo);
    const allowed = [...Object.values(env().origins), ...extraOrigins].map((o) => new URL(o).origin);
    return allowed.includes(url.origin) ? url : null;
  } catch {
    return null;
  }
}

export type ApplicationRequest = { personId: string; returnUrl: URL; lang: Lang };

export function readApplication(url: URL, now: Date, extraOrigins: string[] = []): ApplicationRequest | null {
  const personId = readApplicantToken(url.searchParams.get("applicant"), now);
  const returnUrl = safeReturnUrl(url.searchParams.get("redirectTo"), extraOrigins);
  const lang = url.searchParams.get("lang");
  if (!personId || !returnUrl) return null;
  return { personId, returnUrl, lang: isLang(lang) ? lang : "fi" };
}

export function applicationPage(input: { lang: Lang; search: string; csrfToken: string; valid: boolean }): string {
  const t = TEXTS[input.lang];
  const body = input.valid
    ? `<p>${escapeHtml(t.intro)}</p>
<form method="post" action="${escapeHtml(DEV_APPLY_PATH + input.search)}">
<input type="hidden" name="csrfToken" value="${escapeHtml(input.csrfToken)}">
<fieldset><legend>${escapeHtml(t.symptom)}</legend>
${Object.entries(DEV_SYMPTOMS)
  .map(
    ([key, v], i) =>
      `<div><input type="radio" id="symptom-${key}" name="symptom" value="${key}"${i === 0 ? " checked" : ""}> <label for="symptom-${key}">${escapeHtml(v.symptom[input.lang])}</label></div>`,
  )
  .join("\n")}
</fieldset>
<p>${DECISIONS.map((d) => `<button type="submit" name="decision" value="${d}">${escapeHtml(t[d])}</button>`).join(" ")}</p>
</form>`
    : `<p>${escapeHtml(t.invalid)}</p>`;
  return `<!doctype html>
<html lang="${input.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head>
<body><main><h1>${escapeHtml(t.title)}</h1>
${body}
</main></body></html>`;
}

/** Carries out the decision: an approval creates a permit for the applicant, valid for 90 days. Returns where to go. */
export async function decide(
  db: Database,
  application: ApplicationRequest,
  decision: Decision,
  symptomKey: string,
  now: Date,
): Promise<string> {
  if (decision === "approve") {
    const chosen = DEV_SYMPTOMS[symptomKey] ?? DEV_SYMPTOMS.knee;
    const p = helsinkiDateParts(new Date(now.getTime() + 90 * 24 * 60 * 60 * 1000));
    const validTo = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
    await db.insert(s.demoDirectCompensationPermits).values({
      personId: application.personId,
      contentHash: permitContentHash(
        application.personId,
        chosen.symptom,
        chosen.bodyPart,
        validTo,
        String(now.getTime()) + Math.random(),
      ),
      symptom: chosen.symptom,
      bodyPart: chosen.bodyPart,
      validTo,
      createdAt: now,
    });
  }
  const back = new URL(application.returnUrl);
  for (const key of Object.values(RETURN_PARAMETER)) back.searchParams.delete(key);
  back.searchParams.set(RETURN_PARAMETER[decision], "true");
  return back.toString();
}
