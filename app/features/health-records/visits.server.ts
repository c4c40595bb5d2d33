import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { Diagnosis, ReportText } from "~/.server/db/schema/health";
import { formatDateTime } from "~/lib/format";
import type { Lang } from "~/lib/lang";

// Visits (spec part 2 §2 "Visits", §3 "medical report"): the acting person's medical reports released to patients.

/** The report's parts worth showing: diagnoses with a description, texts with a title or a body. */
export function reportParts(diagnoses: readonly Diagnosis[], texts: readonly ReportText[]) {
  return {
    diagnoses: diagnoses
      .filter((d) => d.description?.trim() || d.code?.trim())
      .map((d) => ({ code: d.code?.trim() || null, description: d.description?.trim() ?? "" })),
    texts: texts
      .filter((x) => x.title?.trim() || x.body?.trim())
      .map((x) => ({ title: x.title?.trim() ?? "", body: x.body ?? "" })),
  };
}

function specialtyName(lang: Lang) {
  return lang === "sv" ? s.specialties.nameSv : lang === "en" ? s.specialties.nameEn : s.specialties.nameFi;
}

function practitionerTitle(lang: Lang) {
  return lang === "sv" ? s.practitioners.titleSv : lang === "en" ? s.practitioners.titleEn : s.practitioners.titleFi;
}

export type VisitSummary = {
  id: number;
  /** ISO instant, for `<time dateTime>`. */
  dateTime: string;
  /** As the page shows it, e.g. "21.10.2026 klo 9.00". */
  when: string;
  specialtyName: string | null;
  practitionerName: string | null;
};

/** The person's visits customers may see, newest first. */
export async function listVisits(db: Database, personId: string, lang: Lang): Promise<VisitSummary[]> {
  const rows = await db
    .select({
      id: s.visits.id,
      dateTime: s.visits.dateTime,
      specialtyName: specialtyName(lang),
      practitionerName: s.practitioners.name,
    })
    .from(s.visits)
    .leftJoin(s.specialties, eq(s.specialties.id, s.visits.specialtyId))
    .leftJoin(s.practitioners, eq(s.practitioners.id, s.visits.practitionerId))
    .where(and(eq(s.visits.personId, personId), eq(s.visits.viewRestriction, "patient")))
    .orderBy(desc(s.visits.dateTime), desc(s.visits.id));
  return rows.map((r) => ({ ...r, dateTime: r.dateTime.toISOString(), when: formatDateTime(r.dateTime, lang) }));
}

export type VisitReport = VisitSummary & {
  practitioner: { id: string; name: string; title: string; pictureUrl: string | null } | null;
  diagnoses: { code: string | null; description: string }[];
  texts: ReportText[];
};

/** One visit's medical report, or null when it is not the person's or not released to patients. */
export async function findVisit(
  db: Database,
  personId: string,
  visitId: number,
  lang: Lang,
): Promise<VisitReport | null> {
  const [row] = await db
    .select({
      id: s.visits.id,
      dateTime: s.visits.dateTime,
      diagnoses: s.visits.diagnoses,
      texts: s.visits.texts,
      specialtyName: specialtyName(lang),
      practitionerId: s.practitioners.id,
      practitionerName: s.practitioners.name,
      practitionerTitle: practitionerTitle(lang),
      pictureUrl: s.practitioners.pictureUrl,
    })
    .from(s.visits)
    .leftJoin(s.specialties, eq(s.specialties.id, s.visits.specialtyId))
    .leftJoin(s.practitioners, eq(s.practitioners.id, s.visits.practitionerId))
    .where(and(eq(s.visits.id, visitId), eq(s.visits.personId, personId), eq(s.visits.viewRestriction, "patient")))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    dateTime: row.dateTime.toISOString(),
    when: formatDateTime(row.dateTime, lang),
    specialtyName: row.specialtyName,
    practitionerName: row.practitionerName,
    practitioner:
      row.practitionerId && row.practitionerName
        ? {
            id: row.practitionerId,
            name: row.practitionerName,
            title: row.practitionerTitle ?? "",
            pictureUrl: row.pictureUrl,
          }
        : null,
    ...reportParts(row.diagnoses ?? [], row.texts ?? []),
  };
}
