import { data, redirect, type RouterContextProvider } from "react-router";
import { logAccess } from "~/.server/access-log";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo, type RequestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import { getLang, serverT } from "~/.server/i18n";
import { storage } from "~/.server/storage";
import { sendMessageInNewThread } from "~/features/messaging/sending.server";
import { CONTENT_MAX_LENGTH } from "~/features/messaging/rules";
import {
  claimRequest,
  isRequestKey,
  listPrescriptions,
  listedPrescription,
  newRequestKey,
  releaseRequest,
  renewablePrescriptions,
  renewalAccess,
  requestByKey,
  sentThreadOf,
  toRenewalPrescription,
  type PrescriptionsPage,
  type RenewalAnswer,
  type RenewalPage,
} from "~/features/prescriptions/prescriptions.server";
import { RENEWAL_TITLE, composeRenewalMessage } from "~/features/prescriptions/renewal-message";
import { checkRenewal, valuesOf } from "~/features/prescriptions/renewal-check";
import { UNTOUCHED_OMITTED } from "~/features/prescriptions/renewal.schema";
import { idSegment, parseIdSegment } from "~/features/prescriptions/rules";
import { requireUser, type UserSession } from "~/.server/guards";
import { eq } from "drizzle-orm";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";

/**
 * The prescription list's loader, and the renewal page's loader and form action (one request per form: see
 * features/prescriptions/prescriptions.server.ts). The route modules only call these.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const notFound = () => data(null, { status: 404 });

/** The renewal page of `ids` with a fresh request key. */
function renewalHref(lang: Lang, ids: readonly number[]): string {
  return withKey(href("prescriptionRenewal", lang, { ids: idSegment(ids) }).replace(/%2C/g, ","), newRequestKey());
}

const withKey = (path: string, key: string) => `${path}?request=${key}`;

/**
 * The list. Its selection is a GET form to the list itself, so that it works without JavaScript: `?ids=1&ids=2`
 * (the chosen ones) or `?all=1` (every renewable one) redirects to the renewal page of those ids; `?renew=1` with
 * nothing chosen shows the list with the error.
 */
export async function prescriptionsLoader({ request, context }: Args): Promise<PrescriptionsPage> {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const prescriptions = await listPrescriptions(db(), session.actingPerson.id);
  const query = new URL(request.url).searchParams;
  const all = query.has("all");
  const chosen = all
    ? prescriptions.filter((p) => p.isRenewable).map((p) => p.id)
    : query
        .getAll("ids")
        .map(parseId)
        .filter((id): id is number => id !== null);
  if (chosen.length) throw redirect(renewalHref(lang, [...new Set(chosen)]));

  const access = await renewalAccess(session);
  await logAccess({ actorId: session.user.id, subjectId: session.actingPerson.id, resource: "prescriptions" });
  const t = serverT(context);
  return {
    prescriptions: prescriptions.map((p) => listedPrescription(p, t, lang)),
    renewal: "userId" in access ? "ok" : access.unavailable,
    nothingChosen: (all || query.has("renew") || query.has("ids")) && "userId" in access,
  };
}

/** The link to the thread, where the brand shows conversations. */
function conversationHref(info: RequestInfo, lang: Lang, threadId: number): string | null {
  const shown =
    info.brand.features[info.environment].includes("customer-messaging-allowed") &&
    !info.brand.hiddenPages.includes("conversation");
  return shown ? href("conversation", lang, { threadId }) : null;
}

/** The chosen ids' renewable prescriptions of the acting person, and how many of the chosen were left out. */
async function chosenPrescriptions(session: UserSession, segment: string | undefined) {
  const { ids, invalid } = parseIdSegment(segment);
  const kept = await renewablePrescriptions(db(), session.actingPerson.id, ids);
  return { kept, left: invalid + ids.length - kept.length };
}

const page = (p: RenewalPage) => p;

export async function renewalLoader({ request, context, params }: Args) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const url = new URL(request.url);
  const key = url.searchParams.get("request");

  const row = isRequestKey(key) ? await requestByKey(db(), key) : null;
  const own = row?.personId === session.actingPerson.id;
  // A key whose request was sent: the result (post/redirect/get lands here; so do the back button and a reload).
  if (row && own && row.threadId !== null)
    return page({ state: "sent", conversationHref: conversationHref(requestInfo(context), lang, row.threadId) });

  const access = await renewalAccess(session);
  if (!("userId" in access))
    return page(access.unavailable === "maintenance" ? { state: "maintenance" } : { state: "unavailable" });

  const { kept, left } = await chosenPrescriptions(session, params.ids);
  // None of the chosen can be renewed: the page says so (404, as for any address that names nothing of yours).
  if (!kept.length) return data(page({ state: "none", left }), { status: 404 });

  // A form of its own for every opening of the page: a key that is missing, malformed or another person's is
  // replaced. (This person's key of a request still being sent keeps its form: sending it again waits for that.)
  if (!isRequestKey(key) || (row && !own)) throw redirect(withKey(url.pathname, newRequestKey()));

  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "prescriptions",
    resourceId: idSegment(kept.map((p) => p.id)),
  });
  return page({ state: "form", prescriptions: kept.map(toRenewalPrescription), left, requestKey: key });
}

const answer = (status: number, body: RenewalAnswer) => data(body, { status });

export async function renewalAction({ request, context, params }: Args) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const personId = session.actingPerson.id;
  const form = await readForm(request);
  const key = form.get("requestKey");
  // Not a form this page made.
  if (!isRequestKey(key)) throw data(null, { status: 400 });
  const result = withKey(new URL(request.url).pathname, key);

  // Sent already (or being sent) with this key: the same result, nothing sent again.
  const sent = await sentThreadOf(key, personId);
  if (typeof sent === "number") throw redirect(result);

  const { kept } = await chosenPrescriptions(session, params.ids);
  const ids = kept.map((p) => p.id);
  const values = valuesOf(form, ids);
  if (sent === "pending") return answer(409, { values, errors: {}, failure: "send" });

  const access = await renewalAccess(session);
  if (!("userId" in access))
    return answer(access.unavailable === "maintenance" && session.actingPerson.prescriptionRenewalEnabled ? 503 : 403, {
      values,
      errors: {},
      failure: access.unavailable,
    });
  if (!kept.length) throw notFound();

  const { errors, answers } = checkRenewal(ids, values, form.get(UNTOUCHED_OMITTED) === "1");
  if (Object.keys(errors).length) return answer(400, { values, errors });
  const content = composeRenewalMessage(kept, answers);
  if (content.length > CONTENT_MAX_LENGTH) return answer(400, { values, errors: {}, tooLong: true });

  if (!(await claimRequest(db(), key, personId, now()))) {
    // Another post with this key got there first.
    const other = await sentThreadOf(key, personId);
    if (typeof other === "number") throw redirect(result);
    return answer(409, { values, errors: {}, failure: "send" });
  }
  let threadId: number;
  try {
    const sendResult = await sendMessageInNewThread(
      db(),
      storage(),
      {
        authorId: access.userId,
        personId,
        title: RENEWAL_TITLE,
        type: "customer",
        participantIds: [access.userId],
        firstMessage: { content, attachments: [] },
      },
      now(),
    );
    if (sendResult.type !== "sent") throw new Error(`renewal request not sent: ${JSON.stringify(sendResult)}`);
    threadId = sendResult.threadId;
  } catch (error) {
    reportError(error, { where: "renewalAction" });
    await releaseRequest(db(), key).catch((e: unknown) => reportError(e, { where: "renewalAction.release" }));
    return answer(500, { values, errors: {}, failure: "send" });
  }
  await db()
    .update(s.prescriptionRenewalRequests)
    .set({ threadId })
    .where(eq(s.prescriptionRenewalRequests.requestKey, key));
  await logAccess({
    actorId: session.user.id,
    subjectId: personId,
    resource: "prescription-renewal",
    resourceId: idSegment(ids),
    action: "write",
  });
  throw redirect(result);
}
