import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import { helsinkiDateParts } from "~/lib/format";
import type { Lang } from "~/lib/lang";

export type TeamRole = (typeof s.OHC_TEAM_ROLES)[number];

/** A team member as the customer sees them (spec part 1 §3 "Occupational info"): never the absence's internal message. */
export type TeamMember = {
  id: string;
  name: string;
  title: string;
  role: TeamRole;
  /** The member's current or next absence (ISO dates, Helsinki), and who stands in, when anyone does. */
  absence: { startDate: string; endDate: string; substituteName: string | null } | null;
};

export type OccupationalTeam = {
  employerName: string;
  responsibleDoctors: TeamMember[];
  responsibleNurses: TeamMember[];
  /** Physiotherapists and psychologists, when the contract names them. */
  otherMembers: TeamMember[];
};

const ROLE_ORDER: readonly TeamRole[] = s.OHC_TEAM_ROLES;

function isoDay(d: Date): string {
  const p = helsinkiDateParts(d);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/**
 * The occupational-health team of the person's employer, with each member's current or upcoming absence; null when
 * the person has no employer on record.
 */
export async function occupationalTeam(
  db: Database,
  personId: string,
  lang: Lang,
  now: Date,
): Promise<OccupationalTeam | null> {
  const [employment] = await db
    .select({ employerId: s.employers.id, name: s.employers.name })
    .from(s.employments)
    .innerJoin(s.employers, eq(s.employers.id, s.employments.employerId))
    .where(eq(s.employments.personId, personId))
    .limit(1);
  if (!employment) return null;

  const title =
    lang === "sv" ? s.practitioners.titleSv : lang === "en" ? s.practitioners.titleEn : s.practitioners.titleFi;
  const members = await db
    .select({ id: s.practitioners.id, name: s.practitioners.name, title, role: s.occupationalTeamMembers.role })
    .from(s.occupationalTeamMembers)
    .innerJoin(s.practitioners, eq(s.practitioners.id, s.occupationalTeamMembers.practitionerId))
    .where(eq(s.occupationalTeamMembers.employerId, employment.employerId))
    .orderBy(asc(s.practitioners.name));

  // Absences are kept per messaging user: the professional users of these practitioners.
  const absentee = alias(s.messagingUsers, "absentee");
  const substitute = alias(s.messagingUsers, "substitute");
  const absences = members.length
    ? await db
        .select({
          practitionerId: absentee.practitionerId,
          startDate: s.professionalAbsences.startDate,
          endDate: s.professionalAbsences.endDate,
          substituteFirstName: substitute.firstName,
          substituteLastName: substitute.lastName,
        })
        .from(s.professionalAbsences)
        .innerJoin(absentee, eq(absentee.id, s.professionalAbsences.absenteeId))
        .leftJoin(substitute, eq(substitute.id, s.professionalAbsences.substituteId))
        .where(
          and(
            eq(absentee.type, "ProfessionalUser"),
            inArray(
              absentee.practitionerId,
              members.map((m) => m.id),
            ),
            gte(s.professionalAbsences.endDate, isoDay(now)),
          ),
        )
        .orderBy(asc(s.professionalAbsences.startDate))
    : [];

  const team: TeamMember[] = members
    .map((m) => {
      // The first one still running or ahead is the one that matters now.
      const a = absences.find((x) => x.practitionerId === m.id);
      return {
        ...m,
        absence: a
          ? {
              startDate: a.startDate,
              endDate: a.endDate,
              substituteName: a.substituteFirstName ? `${a.substituteFirstName} ${a.substituteLastName}` : null,
            }
          : null,
      };
    })
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role));
  return {
    employerName: employment.name,
    responsibleDoctors: team.filter((m) => m.role === "Doctor"),
    responsibleNurses: team.filter((m) => m.role === "Nurse"),
    otherMembers: team.filter((m) => m.role !== "Doctor" && m.role !== "Nurse"),
  };
}

export type TeamPageState = { state: "ok"; team: OccupationalTeam | null } | { state: "error" };

/** The team page's state: a failure while loading is reported and becomes the page's error view, never a 500. */
export async function loadTeamPage(db: Database, personId: string, lang: Lang, now: Date): Promise<TeamPageState> {
  try {
    return { state: "ok", team: await occupationalTeam(db, personId, lang, now) };
  } catch (error) {
    reportError(error, { area: "occupational-team" });
    return { state: "error" };
  }
}
