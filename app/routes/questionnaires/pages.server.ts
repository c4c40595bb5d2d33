import { data, redirect, type RouterContextProvider } from "react-router";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import { flashCookie } from "~/.server/flash";
import { readFormWithFiles } from "~/.server/form-body";
import { getLang, serverT } from "~/.server/i18n";
import { storage } from "~/.server/storage";
import { answerQuestionnaire } from "~/features/questionnaires/answers.server";
import { messagingStatus } from "~/features/messaging/messaging.server";
import { requireUser, type UserSession } from "~/.server/guards";
import { formatDate } from "~/lib/format";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import {
  findInvitation,
  listInvitations,
  saveDraft,
  type Invitation,
  type InvitationSummary,
} from "~/features/questionnaires/questionnaires.server";
import {
  attachStepFiles,
  discardUnusedFiles,
  invitationFiles,
} from "~/features/questionnaires/questionnaire-files.server";
import { fileIntent, panelIntent } from "~/features/questionnaires/form-intents";
import {
  ANSWER_FIELD,
  type QuestionnaireActionData,
  type QuestionnaireListItem,
  type QuestionnaireListPage,
  type QuestionnairePage,
} from "~/features/questionnaires/questionnaire-view";
import { answeredView, parseAnswers } from "~/features/questionnaires/survey-answered.server";
import {
  completedAnswers,
  firstInvalidPage,
  pageErrors,
  problemErrors,
  questionFieldId,
  savingErrorText,
} from "~/features/questionnaires/survey-check.server";
import { changePanels } from "~/features/questionnaires/survey-panels.server";
import { keepDisabledAnswers, mergeAnswers, readStep } from "~/features/questionnaires/survey-read.server";
import {
  isShownPage,
  nextPage,
  previousPage,
  resolvePage,
  stepFileQuestions,
  stepState,
  stepView,
} from "~/features/questionnaires/survey-steps.server";
import { errorViews, formView } from "~/features/questionnaires/step-form.server";
import { surveyOf, type Answers } from "~/features/questionnaires/survey.server";

/**
 * The loaders and the action of the questionnaire pages (spec part 2 §2 "Questionnaires", §4 "Questionnaire"). The
 * form is a survey's pages as steps, one per request: every Next and Previous keeps the answers so far in the
 * invitation's draft, so the answers survive an expired session; Send validates the whole survey with survey-core
 * and saves the answers through `answerQuestionnaire`. The route modules only call these.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** Questionnaires go out of use with messaging's maintenance mode; a status that cannot be read is not maintenance. */
async function inMaintenance(): Promise<boolean> {
  try {
    return (await messagingStatus(db())).maintenance;
  } catch (error) {
    reportError(error, { where: "questionnaires.messagingStatus" });
    return false;
  }
}

function access({ request, context }: Args): { session: UserSession; lang: Lang } {
  const lang = getLang(context);
  return { session: requireUser(context, request, lang), lang };
}

// ---------------------------------------------------------------------------------------------------------------
// The list

const listItem = (row: InvitationSummary, at: Date, lang: Lang): QuestionnaireListItem => ({
  id: row.id,
  title: row.title,
  at: at.toISOString(),
  date: formatDate(at, lang),
  inProgress: row.hasDraft,
});

export async function questionnaireListLoader(args: Args): Promise<QuestionnaireListPage> {
  const { session, lang } = access(args);
  if (await inMaintenance()) return { state: "maintenance" };
  const person = session.actingPerson;
  const { open, answered } = await listInvitations(db(), person.id);
  await logAccess({ actorId: session.user.id, subjectId: person.id, resource: "questionnaires" });
  return {
    state: "ok",
    open: open.map((row) => listItem(row, row.createdAt, lang)),
    answered: answered.map((row) => listItem(row, row.answeredAt!, lang)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One questionnaire

/** The person's invitation of the path's id, or null for a malformed, unknown or foreign id (all answer 404). */
async function invitationOf(args: Args, session: UserSession): Promise<Invitation | null> {
  const id = parseId(args.params.id);
  return id === null ? null : findInvitation(db(), session.actingPerson.id, id);
}

export async function questionnaireLoader(args: Args) {
  const { session, lang } = access(args);
  if (await inMaintenance()) return { state: "maintenance" } satisfies QuestionnairePage;
  const invitation = await invitationOf(args, session);
  if (!invitation) return data({ state: "notFound" } satisfies QuestionnairePage, { status: 404 });
  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "questionnaire",
    resourceId: String(invitation.id),
  });
  if (invitation.answeredAt) {
    const model = surveyOf(invitation.form, lang, parseAnswers(invitation.answers));
    return {
      state: "answered",
      id: invitation.id,
      title: invitation.title,
      answeredAt: invitation.answeredAt.toISOString(),
      answeredDate: formatDate(invitation.answeredAt, lang),
      pages: answeredView(model),
    } satisfies QuestionnairePage;
  }
  const model = surveyOf(invitation.form, lang, invitation.draft?.answers ?? {});
  return {
    state: "form",
    id: invitation.id,
    title: invitation.title,
    description: model.locDescription.renderedHtml || null,
    form: formView(stepView(model, resolvePage(model, invitation.draft?.page ?? 0))),
  } satisfies QuestionnairePage;
}

const answer = (status: number, body: QuestionnaireActionData) => data(body, { status });

/** The posted step: a page index the form may post from, or null (a stale or forged form). */
function postedPage(form: FormData): number | null {
  const raw = form.get("page");
  if (typeof raw !== "string" || !/^(0|[1-9]\d{0,3})$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Next, Previous, Send, and the browser's background save ("save", with JavaScript only: it keeps the step's
 * answers as they change and answers which questions the step shows now, so the page shows and hides them
 * without a page load). A post after the session expired never gets here: it goes to the expired-session page,
 * so at most the step's unsaved answers are lost (without JavaScript; with it, the background save has kept them).
 */
export async function questionnaireAction(args: Args) {
  const { session, lang } = access(args);
  const { form, tooLarge } = await readFormWithFiles(args.request, args.context);
  const intent = form.get("intent");
  if (await inMaintenance()) return answer(503, { failure: "maintenance" });
  const invitation = await invitationOf(args, session);
  if (!invitation) return answer(404, { failure: "notFound" });
  const here = href("questionnaire", lang, { id: invitation.id });
  // Answered meanwhile (another tab, a double submit): the read-only view says what was saved.
  if (invitation.answeredAt) {
    if (intent === "save") return answer(409, {});
    throw redirect(here);
  }
  const previous = invitation.draft?.answers ?? {};
  const model = surveyOf(invitation.form, lang, previous);
  const pageIndex = postedPage(form);
  // A dynamic panel's Add and Remove buttons: the step is kept as typed, with a panel more or less.
  const panelChange = panelIntent(intent);
  // A file's Remove button: the step is kept as typed, without that file.
  const fileRemoval = fileIntent(intent);
  // A survey without pages (an empty definition) is one empty step that can only be sent.
  const known = pageIndex !== null && (model.pages.length ? isShownPage(model, pageIndex) : pageIndex === 0);
  if (pageIndex === null || !known || (!isIntent(intent) && !panelChange && !fileRemoval)) {
    if (intent === "save") return answer(400, {});
    throw redirect(here);
  }
  if (fileRemoval) {
    const field = ANSWER_FIELD + fileRemoval.name;
    const others = form.getAll(field).filter((v) => v !== fileRemoval.fileId);
    form.delete(field);
    for (const v of others) form.append(field, v);
  }
  // Files posted with the step are stored first and then read as the files attached before are (the background
  // save posts none: they go with the buttons).
  const attached =
    intent === "save"
      ? { files: [], problems: [] }
      : await attachStepFiles(
          db(),
          storage(),
          {
            ownerId: session.actingPerson.id,
            invitationId: invitation.id,
            questions: stepFileQuestions(model, pageIndex),
            form,
            tooLarge,
          },
          now(),
        );
  const read = readStep(invitation.form, pageIndex, form, await invitationFiles(db(), invitation.id));
  const step = { ...read, problems: [...read.problems, ...attached.problems] };
  // What a disabled question holds stays as it was, whatever was posted for it.
  const answers = keepDisabledAnswers(model, pageIndex, previous, mergeAnswers(previous, step));
  const keep = (page: number, onlyOnPage?: number, kept: Answers = answers) =>
    saveDraft(db(), { invitationId: invitation.id, answers: kept, page, onlyOnPage }, now());

  if (fileRemoval) {
    await keep(pageIndex);
    await discardUnusedFiles(db(), storage(), invitation.id, answers, [fileRemoval.fileId]);
    throw redirect(`${here}#${questionFieldId(model, fileRemoval.name)}`);
  }

  if (panelChange) {
    const changed = changePanels(model, pageIndex, answers, panelChange);
    await keep(pageIndex, undefined, changed?.answers);
    throw redirect(changed ? `${here}#${changed.focus}` : here);
  }

  if (intent === "save") {
    await keep(pageIndex, pageIndex);
    return answer(200, { state: stepState(model, pageIndex) });
  }
  if (intent === "previous") {
    await keep(previousPage(model, pageIndex) ?? pageIndex);
    throw redirect(here);
  }

  // Next and Send: first this step's own errors. Questions that the answers made appear on this step were not on
  // the form the customer saw: the step is shown again with them, and nothing else is checked yet.
  const shown = new Set(form.getAll("shown"));
  const appeared = stepState(model, pageIndex).visible.some((name) => !shown.has(name));
  const errors = [
    ...problemErrors(model, step.problems),
    ...pageErrors(model, pageIndex).filter((e) => shown.has(e.name) && !step.problems.some((p) => p.name === e.name)),
  ];
  if (errors.length || appeared) {
    await keep(pageIndex);
    return answer(errors.length ? 400 : 200, {
      pageIndex,
      errors: errorViews(errors, serverT(args.context)),
      kept: Object.fromEntries(step.problems.flatMap((p) => p.kept)),
      notice: appeared ? "moreQuestions" : undefined,
    });
  }
  if (intent === "next") {
    const next = nextPage(model, pageIndex);
    await keep(next ?? pageIndex);
    throw redirect(here);
  }

  // Send: the whole survey, as survey-core sees it; an earlier step with errors is shown with them.
  const invalid = firstInvalidPage(model);
  if (invalid) {
    await keep(invalid.pageIndex);
    return answer(400, { pageIndex: invalid.pageIndex, errors: errorViews(invalid.errors, serverT(args.context)) });
  }
  await keep(pageIndex);
  const saveFailed = (status: number) =>
    answer(status, { pageIndex, errors: [], failure: "save", failureText: savingErrorText(model) });
  try {
    const result = await answerQuestionnaire(
      db(),
      {
        actorId: session.user.id,
        personId: session.actingPerson.id,
        invitationId: String(invitation.id),
        answers: completedAnswers(model),
        lang,
      },
      now(),
    );
    switch (result.type) {
      case "saved":
        throw redirect(here, {
          headers: { "Set-Cookie": flashCookie({ type: "success", key: "questionnaires.flash.saved" }) },
        });
      case "answered":
        throw redirect(here);
      case "notFound":
        return answer(404, { failure: "notFound" });
      case "invalid":
        // The page's own checks passed but the final one did not: kept as a draft, reported, not saved.
        reportError(new Error("questionnaire answers refused"), {
          where: "questionnaireAction",
          id: invitation.id,
          problems: result.problems.map((p) => `${p.question}: ${p.rule}`),
        });
        return saveFailed(400);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError(error, { where: "questionnaireAction" });
    return saveFailed(500);
  }
}

const INTENTS = ["next", "previous", "send", "save"] as const;
const isIntent = (value: unknown): value is (typeof INTENTS)[number] =>
  typeof value === "string" && (INTENTS as readonly string[]).includes(value);
