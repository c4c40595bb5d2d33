import type { FormErrors } from "~/ui/form";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { UUID, professionalById } from "./care-team.server";

/**
 * A professional's absences on the development care-team desk: their own list, the form that adds one (with a
 * colleague as the substitute) and removing one. A customer's thread shows its assignee's current and coming
 * absences (threads.server.ts).
 */

type Db = Database | Transaction;

export type OwnAbsence = {
  id: number;
  startDate: string;
  endDate: string;
  substituteName: string | null;
  internalMessage: string | null;
};

export async function ownAbsences(db: Db, me: string): Promise<OwnAbsence[]> {
  const rows = await db
    .select({
      id: s.professionalAbsences.id,
      startDate: s.professionalAbsences.startDate,
      endDate: s.professionalAbsences.endDate,
      internalMessage: s.professionalAbsences.internalMessage,
      substituteFirstName: s.messagingUsers.firstName,
      substituteLastName: s.messagingUsers.lastName,
    })
    .from(s.professionalAbsences)
    .leftJoin(s.messagingUsers, eq(s.messagingUsers.id, s.professionalAbsences.substituteId))
    .where(eq(s.professionalAbsences.absenteeId, me))
    .orderBy(desc(s.professionalAbsences.startDate), desc(s.professionalAbsences.id));
  return rows.map((r) => ({
    id: r.id,
    startDate: r.startDate,
    endDate: r.endDate,
    internalMessage: r.internalMessage,
    substituteName: r.substituteFirstName ? `${r.substituteFirstName} ${r.substituteLastName}` : null,
  }));
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: "Enter a real date",
    },
  );

/** The absence form; field errors are English, as the whole desk is. */
export const absenceSchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    substituteId: z.union([z.literal(""), z.string().regex(UUID, "Choose a substitute from the list")]),
    internalMessage: z.string().max(1000, "Write at most 1000 characters"),
  })
  .refine((a) => a.endDate >= a.startDate, { path: ["endDate"], message: "The end date must not be before the start" });

export type AbsenceFields = z.input<typeof absenceSchema>;
export type AbsenceErrors = FormErrors<keyof AbsenceFields>;

export async function addAbsence(
  db: Db,
  me: string,
  fields: AbsenceFields,
): Promise<{ type: "added" } | { type: "invalid"; errors: AbsenceErrors }> {
  const parsed = absenceSchema.safeParse(fields);
  const errors: AbsenceErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof AbsenceFields;
      errors[key] ??= issue.message;
    }
  const substituteId = parsed.success ? parsed.data.substituteId : "";
  if (substituteId && (substituteId === me || !(await professionalById(db, substituteId))))
    errors.substituteId = "Choose a colleague from the list";
  if (!parsed.success || Object.keys(errors).length) return { type: "invalid", errors };
  await db.insert(s.professionalAbsences).values({
    absenteeId: me,
    substituteId: substituteId || null,
    startDate: parsed.data.startDate,
    endDate: parsed.data.endDate,
    internalMessage: parsed.data.internalMessage.trim() || null,
  });
  return { type: "added" };
}

/** Removes one of the professional's own absences; false for anyone else's. */
export async function removeAbsence(db: Db, me: string, absenceId: number): Promise<boolean> {
  if (!Number.isSafeInteger(absenceId)) return false;
  const removed = await db
    .delete(s.professionalAbsences)
    .where(and(eq(s.professionalAbsences.id, absenceId), eq(s.professionalAbsences.absenteeId, me)))
    .returning({ id: s.professionalAbsences.id });
  return removed.length > 0;
}
