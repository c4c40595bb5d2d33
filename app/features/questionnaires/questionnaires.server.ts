import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { Answers } from "./survey.server";

/**
 * A person's questionnaire invitations (spec part 2 §3 "Questionnaire page state") and the drafts of their answers:
 * what the customer has answered so far, kept per invitation as they move from step to step, so that an expired
 * session or a closed tab loses nothing. The answers themselves are sent through `answerQuestionnaire`
 * (features/questionnaires/answers.server.ts), which also removes the draft.
 */

export type InvitationSummary = {
  id: number;
  title: string;
  createdAt: Date;
  answeredAt: Date | null;
  hasDraft: boolean;
};

/** The person's invitations: open ones newest first, then answered ones by when they were answered, newest first. */
export async function listInvitations(
  db: Database,
  personId: string,
): Promise<{ open: InvitationSummary[]; answered: InvitationSummary[] }> {
  const columns = {
    id: s.questionnaireInvitations.id,
    title: s.questionnaireInvitations.title,
    createdAt: s.questionnaireInvitations.createdAt,
    answeredAt: s.questionnaireInvitations.answeredAt,
    draft: s.questionnaireDrafts.invitationId,
  };
  const mine = eq(s.questionnaireInvitations.personId, personId);
  const [open, answered] = await Promise.all([
    db
      .select(columns)
      .from(s.questionnaireInvitations)
      .leftJoin(s.questionnaireDrafts, eq(s.questionnaireDrafts.invitationId, s.questionnaireInvitations.id))
      .where(and(mine, isNull(s.questionnaireInvitations.answeredAt)))
      .orderBy(desc(s.questionnaireInvitations.createdAt), desc(s.questionnaireInvitations.id)),
    db
      .select(columns)
      .from(s.questionnaireInvitations)
      .leftJoin(s.questionnaireDrafts, eq(s.questionnaireDrafts.invitationId, s.questionnaireInvitations.id))
      .where(and(mine, isNotNull(s.questionnaireInvitations.answeredAt)))
      .orderBy(desc(s.questionnaireInvitations.answeredAt), desc(s.questionnaireInvitations.id)),
  ]);
  const summary = ({ draft, ...row }: (typeof open)[number]): InvitationSummary => ({
    ...row,
    hasDraft: draft !== null && !row.answeredAt,
  });
  return { open: open.map(summary), answered: answered.map(summary) };
}

export type Invitation = {
  id: number;
  title: string;
  createdAt: Date;
  answeredAt: Date | null;
  /** The saved answers, the JSON string as sent. */
  answers: string | null;
  form: Record<string, unknown>;
  draft: { answers: Answers; page: number; updatedAt: Date } | null;
};

/** One of the person's invitations with its draft, or null when there is no such invitation of theirs. */
export async function findInvitation(db: Database, personId: string, id: number): Promise<Invitation | null> {
  const [row] = await db
    .select({ invitation: s.questionnaireInvitations, draft: s.questionnaireDrafts })
    .from(s.questionnaireInvitations)
    .leftJoin(s.questionnaireDrafts, eq(s.questionnaireDrafts.invitationId, s.questionnaireInvitations.id))
    .where(and(eq(s.questionnaireInvitations.id, id), eq(s.questionnaireInvitations.personId, personId)));
  if (!row) return null;
  const { invitation, draft } = row;
  return {
    id: invitation.id,
    title: invitation.title,
    createdAt: invitation.createdAt,
    answeredAt: invitation.answeredAt,
    answers: invitation.answers,
    form: invitation.form,
    draft:
      draft && !invitation.answeredAt ? { answers: draft.answers, page: draft.page, updatedAt: draft.updatedAt } : null,
  };
}

/**
 * Keeps the answers so far and the step of an open invitation. `onlyOnPage`: a browser's background save of the
 * step it shows, which must not move a draft that a Next or Previous (sent at the same moment) already moved on.
 */
export async function saveDraft(
  db: Database,
  draft: { invitationId: number; answers: Answers; page: number; onlyOnPage?: number },
  now: Date,
): Promise<void> {
  await db
    .insert(s.questionnaireDrafts)
    .values({ invitationId: draft.invitationId, answers: draft.answers, page: draft.page, updatedAt: now })
    .onConflictDoUpdate({
      target: s.questionnaireDrafts.invitationId,
      set: { answers: draft.answers, page: draft.page, updatedAt: now },
      setWhere: draft.onlyOnPage === undefined ? undefined : eq(s.questionnaireDrafts.page, draft.onlyOnPage),
    });
}
