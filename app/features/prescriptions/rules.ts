import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import type { T } from "~/lib/translate";

/**
 * The rules of the prescription pages (spec part 2 §2–§5), as pure functions: the derived text line of a
 * prescription, who may ask for renewals, and the renewal page's id segment.
 */

/** The prescription as the list shows it (spec part 2 §3 "Prescription"). */
export type Prescription = {
  id: number;
  medicineName: string;
  strength: string | null;
  /** YYYY-MM-DD */
  issuedDate: string;
  isRenewable: boolean;
  medicineType: string | null;
  packageUnit: string | null;
  /** A decimal number as text ("100", "2.5"), as the database's numeric column gives it. */
  packageSize: string | null;
  packageCount: number | null;
  treatmentLength: number | null;
  treatmentLengthUnit: "day" | "week" | "month" | "year" | null;
  totalAmount: string | null;
  dosageGuide: string | null;
  usageGuide: string | null;
};

/** The medicine types and package units the texts name; any other value is shown as the prescriber wrote it. */
const MEDICINE_TYPES = ["tablet", "capsule", "inhaler", "oralSuspension", "oralSolution", "cream", "drops"];
const PACKAGE_UNITS = ["pcs", "ml", "g", "doses"];

const LOCALES: Record<Lang, string> = { fi: "fi-FI", sv: "sv-FI", en: "en-GB" };

/** "Levaxin 50 µg": the name and, when there is one, the strength. */
export const medicineTitle = (p: { medicineName: string; strength: string | null }) =>
  p.strength ? `${p.medicineName} ${p.strength}` : p.medicineName;

/** A part of the derived line; the prescriber's own words (in Finnish) are marked so the page can say so. */
export type LinePart = { text: string; prescriberText?: true };

const DECIMAL = /^\d+(?:[.,]\d+)?$/;

function amount(value: string, unit: string | null, t: T, lang: Lang): string {
  const n = Number(value.replace(",", "."));
  const number = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 3 }).format(n);
  if (!unit) return number;
  const unitText = PACKAGE_UNITS.includes(unit) ? t(`prescriptions.line.packageUnits.${unit}`, { count: n }) : unit;
  return `${number} ${unitText}`;
}

/**
 * The derived text line of a prescription (spec part 2 §3), in the page's language, its parts joined by " · ":
 *
 *   {medicine type} · {package count} × {package size} {package unit} · {treatment length} · {total amount} ·
 *   {dosage guide} · {usage guide}
 *
 * e.g. "Tablet · 2 × 100 pcs · Treatment length 6 months · Total 200 pcs · 1 tabletti aamulla · Kilpirauhasen
 * vajaatoimintaan". A part whose data is missing is left out; the package count is shown only when it is more
 * than one. Known medicine types, package units and treatment-length units are translated; an unknown code and
 * the guides are shown as the prescriber wrote them (in Finnish). A total amount that is a bare number gets the
 * package unit; any other total amount is shown as written.
 */
export function derivedTextParts(p: Prescription, t: T, lang: Lang): LinePart[] {
  const parts: LinePart[] = [];
  if (p.medicineType) {
    parts.push(
      MEDICINE_TYPES.includes(p.medicineType)
        ? { text: t(`prescriptions.line.medicineTypes.${p.medicineType}`) }
        : { text: p.medicineType, prescriberText: true },
    );
  }
  if (p.packageSize && DECIMAL.test(p.packageSize)) {
    const size = amount(p.packageSize, p.packageUnit, t, lang);
    parts.push({ text: p.packageCount && p.packageCount > 1 ? `${p.packageCount} × ${size}` : size });
  }
  if (p.treatmentLength && p.treatmentLengthUnit) {
    const length = `${p.treatmentLength} ${t(`prescriptions.line.lengthUnits.${p.treatmentLengthUnit}`, { count: p.treatmentLength })}`;
    parts.push({ text: t("prescriptions.line.treatmentLength", { length }) });
  }
  if (p.totalAmount?.trim()) {
    const total = p.totalAmount.trim();
    parts.push(
      DECIMAL.test(total)
        ? { text: t("prescriptions.line.total", { amount: amount(total, p.packageUnit, t, lang) }) }
        : { text: t("prescriptions.line.total", { amount: total }) },
    );
  }
  if (p.dosageGuide?.trim()) parts.push({ text: p.dosageGuide.trim(), prescriberText: true });
  if (p.usageGuide?.trim()) parts.push({ text: p.usageGuide.trim(), prescriberText: true });
  return parts;
}

export const LINE_SEPARATOR = " · ";

/** A piece of the line as the page writes it: the page's own words, or the prescriber's (Finnish) marked so. */
export type LineRun = { text: string; lang?: "fi" };

/**
 * The derived text line as the page writes it in `lang`: one run for each stretch of the page's own words, so the
 * line reads as one piece, and the prescriber's own words (Finnish) as runs of their own on a page in another
 * language, so that screen readers say them in Finnish.
 */
export function lineRuns(parts: readonly LinePart[], lang: Lang): LineRun[] {
  const runs: LineRun[] = [];
  let run = "";
  parts.forEach((part, i) => {
    const separator = i > 0 ? LINE_SEPARATOR : "";
    if (part.prescriberText && lang !== "fi") {
      runs.push({ text: run + separator }, { text: part.text, lang: "fi" });
      run = "";
    } else run += separator + part.text;
  });
  if (run) runs.push({ text: run });
  return runs;
}

/**
 * A prescription as the list shows it: its words made by the loader in the page's language (see
 * `listedPrescription` in prescriptions.server.ts), so the page carries no code for the line or the date.
 */
export type ListedPrescription = {
  id: number;
  /** `medicineTitle`: "Levaxin 50 µg". */
  title: string;
  isRenewable: boolean;
  /** The issue date as the page writes it: "24.1.2026", "24 January 2026". */
  issued: string;
  /** The derived text line (`derivedTextParts`), as the page writes it (`lineRuns`). */
  line: LineRun[];
};

/** The derived text line as one string (see `derivedTextParts`). */
export function derivedTextLine(p: Prescription, t: T, lang: Lang): string {
  return derivedTextParts(p, t, lang)
    .map((part) => part.text)
    .join(LINE_SEPARATOR);
}

/**
 * Whether a person may ask for prescription renewals online now: their renewal is switched on and the messaging
 * service, which carries the requests, is not in maintenance. (The front page's renew link also needs at least
 * one renewable prescription.)
 */
export function renewalAllowed(person: { prescriptionRenewalEnabled: boolean }, messagingMaintenance: boolean) {
  return person.prescriptionRenewalEnabled && !messagingMaintenance;
}

/** Whether renewals can be asked for: yes, "maintenance" (the spec's banner) or "unavailable" (no way to send). */
export type RenewalState = "ok" | "maintenance" | "unavailable";

/** At most this many prescriptions in one renewal request; further ids in the address are left out. */
export const MAX_RENEWAL_IDS = 50;

/**
 * The renewal page's id segment (spec part 2 §2: "the segment accepts anything"): comma-separated ids. Canonical
 * ids are kept in order without duplicates; empty parts ("1,,2", a trailing comma) are ignored; every other part
 * ("abc", "01", "-3") and every id past `MAX_RENEWAL_IDS` counts as one left out, for the page's notice.
 */
export function parseIdSegment(raw: string | undefined): { ids: number[]; invalid: number } {
  const ids: number[] = [];
  let invalid = 0;
  // A bounded number of parts: a segment of thousands of commas is not worth reading further.
  const parts = (raw ?? "").split(",", MAX_RENEWAL_IDS * 4);
  for (const part of parts) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const id = parseId(trimmed);
    if (id === null) invalid++;
    else if (ids.includes(id)) continue;
    else if (ids.length >= MAX_RENEWAL_IDS) invalid++;
    else ids.push(id);
  }
  return { ids, invalid };
}

/** The renewal page's id segment for a list of ids: "12,13" (the commas are left as they are). */
export const idSegment = (ids: readonly number[]) => ids.join(",");
