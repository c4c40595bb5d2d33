import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { logAccess } from "~/.server/access-log";
import { storage } from "~/.server/storage";
import { discardUnusedFiles, invitationFiles } from "./questionnaire-files.server";
import { checkAnswers, type AnswerProblem } from "./survey-check.server";
import type { Answers } from "./survey.server";
import type { Lang } from "~/lib/lang";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "~/lib/text";

/**
 * `AnswerQuestionnaire` (spec part 2 §7): the survey's answers, a JSON object sent as a string, saved once on an
 * invitation of the acting person. They are the final answers ("on completion sends the answers", spec part 2 §5):
 * complete and valid by the survey's own rules, checked the same way whether the questionnaire page or a call sends
 * them (survey-check.server.ts `checkAnswers`), and saved as the survey completes them (an answered questionnaire opens
 * read-only with its saved answers). Saving them removes the invitation's draft; drafts may be partial.
 */

/** A survey's answers are a few kilobytes; this bounds one row without ever cutting a real survey short. */
export const ANSWERS_MAX_BYTES = 100 * 1024;

export type AnswerResult =
  { type: "saved" } | { type: "notFound" } | { type: "answered" } | { type: "invalid"; problems: AnswerProblem[] };

/** An invitation id as the call gives it (a GraphQL ID): a positive 32-bit integer, or null. */
export function invitationIdOf(id: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  const n = Number(id);
  return n <= 2_147_483_647 ? n : null;
}

/** `answers` as a JSON object within the size limit, or null (an array, a string or `null` is not answers). */
function answersObject(answers: string): Answers | null {
  if (Buffer.byteLength(answers, "utf8") > ANSWERS_MAX_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(answers);
  } catch {
    return null;
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) && !nestsDeeperThan(value, MAX_JSON_DEPTH)
    ? (value as Answers)
    : null;
}

export async function answerQuestionnaire(
  db: Database,
  input: { actorId: string; personId: string; invitationId: string; answers: string; lang: Lang },
  now: Date,
): Promise<AnswerResult> {
  const id = invitationIdOf(input.invitationId);
  if (id === null) return { type: "notFound" };
  const mine = and(eq(s.questionnaireInvitations.id, id), eq(s.questionnaireInvitations.personId, input.personId));
  // Checked before the answers, so a foreign or unknown id answers the same whatever is sent with it.
  const [invitation] = await db
    .select({ answeredAt: s.questionnaireInvitations.answeredAt, form: s.questionnaireInvitations.form })
    .from(s.questionnaireInvitations)
    .where(mine);
  if (!invitation) return { type: "notFound" };
  if (invitation.answeredAt) return { type: "answered" };
  const sent = answersObject(input.answers);
  if (!sent)
    return {
      type: "invalid",
      problems: [
        { question: "", rule: "json", message: `Expected a JSON object of at most ${ANSWERS_MAX_BYTES} bytes` },
      ],
    };
  // A file question's answer may name only the files attached to this invitation.
  const checked = checkAnswers(invitation.form, input.lang, sent, await invitationFiles(db, id));
  if (!checked.ok) return { type: "invalid", problems: checked.problems };
  const result = await db.transaction(async (tx) => {
    // One conditional update decides: of two concurrent answers only the first is saved.
    const [saved] = await tx
      .update(s.questionnaireInvitations)
      .set({ answers: checked.answers, answeredAt: now })
      .where(and(mine, isNull(s.questionnaireInvitations.answeredAt)))
      .returning({ id: s.questionnaireInvitations.id });
    if (!saved) return { type: "answered" as const };
    // The answers are sent: the draft kept while they were being filled in (features/questionnaires) has served.
    await tx.delete(s.questionnaireDrafts).where(eq(s.questionnaireDrafts.invitationId, id));
    await logAccess(
      {
        actorId: input.actorId,
        subjectId: input.personId,
        action: "write",
        resource: "questionnaire",
        resourceId: String(id),
      },
      tx,
    );
    return { type: "saved" as const };
  });
  // Files attached on the way but not among the answers sent (removed, replaced, hidden) are not kept.
  if (result.type === "saved") await discardUnusedFiles(db, storage(), id, JSON.parse(checked.answers));
  return result;
}
