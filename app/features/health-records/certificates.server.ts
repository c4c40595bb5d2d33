import { and, desc, eq, gte, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { formatDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";

// Sick-leave certificates (spec part 1 §2 "Certificates"): only those created since 1.1.2022 (Helsinki) are shown.

export type CertificateType = (typeof s.CERTIFICATE_TYPES)[number];

/** The first instant shown: midnight starting 1 January 2022 in Helsinki (UTC+2 in winter). */
export const CERTIFICATES_SINCE = new Date("2022-01-01T00:00:00+02:00");

/** A calendar day (YYYY-MM-DD) as the portal shows dates; noon UTC is the same day in Helsinki. */
function formatDay(iso: string, lang: Lang): string {
  return formatDate(new Date(`${iso}T12:00:00Z`), lang);
}

/**
 * A sick-leave period of calendar days: "15.10.2026–19.10.2026", or with spaces around the dash when the dates have
 * words in them ("15 October 2026 – 19 October 2026"); a single day once.
 */
export function formatPeriod(start: string, end: string, lang: Lang): string {
  if (start === end) return formatDay(start, lang);
  return `${formatDay(start, lang)}${lang === "en" ? " – " : "–"}${formatDay(end, lang)}`;
}

/** The download's file name: a fixed word in the page's language and the id, nothing from the record's text. */
export function certificateFilename(id: number, lang: Lang): string {
  const word = { fi: "todistus", sv: "intyg", en: "certificate" }[lang];
  return `${word}-${id}.pdf`;
}

export type CertificateSummary = {
  id: number;
  type: CertificateType;
  /** The creation date as the page shows it. */
  created: string;
  /** The sick leave as the page shows it. */
  sickLeave: string;
  practitionerName: string | null;
};

export type Certificate = CertificateSummary & {
  practitionerTitle: string | null;
  diagnosisCode: string | null;
  diagnosisText: string | null;
  statement: string | null;
};

function practitionerTitle(lang: Lang) {
  return lang === "sv" ? s.practitioners.titleSv : lang === "en" ? s.practitioners.titleEn : s.practitioners.titleFi;
}

function columns(lang: Lang) {
  return {
    id: s.certificates.id,
    type: s.certificates.type,
    createdAt: s.certificates.createdAt,
    sickLeaveStart: s.certificates.sickLeaveStart,
    sickLeaveEnd: s.certificates.sickLeaveEnd,
    practitionerName: s.practitioners.name,
    practitionerTitle: practitionerTitle(lang),
    diagnosisCode: s.certificates.diagnosisCode,
    diagnosisText: s.certificates.diagnosisText,
    statement: s.certificates.statement,
  };
}

/** The person's certificates created since 2022, narrowed by `also`. */
function query(db: Database, lang: Lang, personId: string, also?: SQL) {
  return db
    .select(columns(lang))
    .from(s.certificates)
    .leftJoin(s.practitioners, eq(s.practitioners.id, s.certificates.practitionerId))
    .where(and(eq(s.certificates.personId, personId), gte(s.certificates.createdAt, CERTIFICATES_SINCE), also));
}

type Row = Awaited<ReturnType<typeof query>>[number];

function toCertificate(row: Row, lang: Lang): Certificate {
  const { createdAt, sickLeaveStart, sickLeaveEnd, ...rest } = row;
  return { ...rest, created: formatDate(createdAt, lang), sickLeave: formatPeriod(sickLeaveStart, sickLeaveEnd, lang) };
}

/** The person's certificates created since 2022, newest first. */
export async function listCertificates(db: Database, personId: string, lang: Lang): Promise<CertificateSummary[]> {
  const rows = await query(db, lang, personId).orderBy(desc(s.certificates.createdAt), desc(s.certificates.id));
  return rows.map((r) => {
    const { id, type, created, sickLeave, practitionerName } = toCertificate(r, lang);
    return { id, type, created, sickLeave, practitionerName };
  });
}

/** One of the person's certificates created since 2022, or null. */
export async function findCertificate(
  db: Database,
  personId: string,
  id: number,
  lang: Lang,
): Promise<Certificate | null> {
  const [row] = await query(db, lang, personId, eq(s.certificates.id, id)).limit(1);
  return row ? toCertificate(row, lang) : null;
}
