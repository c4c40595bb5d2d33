import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { logAccess } from "~/.server/access-log";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo, type RequestInfo } from "~/.server/context";
import { db, type Database, type Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import { getLang } from "~/.server/i18n";
import { storage } from "~/.server/storage";
import { customerMessagingUserId, messagingStatus } from "~/features/messaging/messaging.server";
import { sendMessageInNewThread } from "~/features/messaging/sending.server";
import { CONTENT_MAX_LENGTH } from "~/features/messaging/rules";
import { requireUser, type UserSession } from "~/features/session/guards.server";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { RENEWAL_TITLE, composeRenewalMessage } from "./renewal-message";
import { UNTOUCHED_OMITTED, checkRenewal, valuesOf, type RenewalErrors, type RenewalValues } from "./renewal.schema";
import { idSegment, parseIdSegment, renewalAllowed, type Prescription, type RenewalState } from "./rules";

/**
 * The prescription list and the renewal page (spec part 2 §2 "Prescriptions and renewal"): their loaders and the
 * renewal form's action. The route modules only call these.
 *
 * ONE REQUEST PER FORM. The renewal page's address carries a one-time `request` key (22 random characters),
 * which the form repeats in a hidden `requestKey` field; a page opened without one is redirected to a fresh one.
 * Sending first claims the key — a row in `prescription_renewal_requests` (the key is its primary key) — and only
 * the request that inserted the row sends the thread, then writes the thread's id into it. Any other post with
 * the same key (a double click, the form sent again after the back button, the same address in two tabs) finds
 * the row and shows the same sent result instead of sending again: at once when the thread's id is there, after a
 * short wait while the first post is still sending. A send that fails releases its claim, so the form, still
 * filled, can be sent again with the same key. The result page is the renewal page's own address: with a key
 * whose request was sent, it shows the sent result rather than the form, so the back button and a reload are safe.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };
type Db = Database | Transaction;

const notFound = () => data(null, { status: 404 });

// ---------------------------------------------------------------------------------------------------------------
// Queries

const prescriptionColumns = {
  id: s.prescriptions.id,
  medicineName: s.prescriptions.medicineName,
  strength: s.prescriptions.strength,
  issuedDate: s.prescriptions.issuedDate,
  isRenewable: s.prescriptions.isRenewable,
  medicineType: s.prescriptions.medicineType,
  packageUnit: s.prescriptions.packageUnit,
  packageSize: s.prescriptions.packageSize,
  packageCount: s.prescriptions.packageCount,
  treatmentLength: s.prescriptions.treatmentLength,
  treatmentLengthUnit: s.prescriptions.treatmentLengthUnit,
  totalAmount: s.prescriptions.totalAmount,
  dosageGuide: s.prescriptions.dosageGuide,
  usageGuide: s.prescriptions.usageGuide,
};

/** A person's prescriptions, newest first. */
export async function listPrescriptions(db: Db, personId: string): Promise<Prescription[]> {
  return db
    .select(prescriptionColumns)
    .from(s.prescriptions)
    .where(eq(s.prescriptions.personId, personId))
    .orderBy(desc(s.prescriptions.issuedDate), asc(s.prescriptions.id));
}

/** The person's renewable prescriptions among `ids`, in the order of `ids`; others' and unknown ids are left out. */
export async function renewablePrescriptions(db: Db, personId: string, ids: number[]): Promise<Prescription[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(prescriptionColumns)
    .from(s.prescriptions)
    .where(
      and(
        eq(s.prescriptions.personId, personId),
        eq(s.prescriptions.isRenewable, true),
        inArray(s.prescriptions.id, ids),
      ),
    );
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

const REQUEST_KEY = /^[A-Za-z0-9_-]{22}$/;
export const isRequestKey = (v: unknown): v is string => typeof v === "string" && REQUEST_KEY.test(v);
export const newRequestKey = () => randomBytes(16).toString("base64url");

async function requestByKey(db: Db, key: string) {
  const [row] = await db
    .select()
    .from(s.prescriptionRenewalRequests)
    .where(eq(s.prescriptionRenewalRequests.requestKey, key));
  return row ?? null;
}

/** Claims a key for a person: true when this call inserted it (and so is the one to send). */
async function claimRequest(db: Db, key: string, personId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(s.prescriptionRenewalRequests)
    .values({ requestKey: key, personId, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: s.prescriptionRenewalRequests.requestKey });
  return rows.length === 1;
}

/** Gives up a claim whose send failed, so the same form can be sent again. */
async function releaseRequest(db: Db, key: string) {
  await db
    .delete(s.prescriptionRenewalRequests)
    .where(and(eq(s.prescriptionRenewalRequests.requestKey, key), isNull(s.prescriptionRenewalRequests.threadId)));
}

/** How long a second post waits for the first one with the same key to finish sending. */
const PENDING_WAIT_MS = 3000;

/** The thread of the key's sent request (waiting a moment while it is being sent); null when there is none. */
async function sentThreadOf(key: string, personId: string): Promise<number | null | "pending"> {
  const deadline = Date.now() + PENDING_WAIT_MS;
  for (;;) {
    const row = await requestByKey(db(), key);
    if (!row || row.personId !== personId) return null;
    if (row.threadId !== null) return row.threadId;
    if (Date.now() >= deadline) return "pending";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Who may renew

/** Why a person cannot ask for renewals now. */
type Unavailable = Exclude<RenewalState, "ok">;

/** Messaging's maintenance mode; a status that cannot be read counts as maintenance (nothing can be sent). */
async function messagingMaintenance(): Promise<boolean> {
  try {
    return (await messagingStatus(db())).maintenance;
  } catch (error) {
    reportError(error, { where: "prescriptions.messagingStatus" });
    return true;
  }
}

/**
 * Whether the acting person can ask for renewals now: "maintenance" (the spec's banner) when their renewal is
 * switched off or messaging is in maintenance, "unavailable" when they have no customer messaging user (a child
 * acted for by a guardian, for example) to send the request as.
 */
async function renewalAccess(session: UserSession): Promise<{ userId: string } | { unavailable: Unavailable }> {
  if (!renewalAllowed(session.actingPerson, await messagingMaintenance())) return { unavailable: "maintenance" };
  const userId = await customerMessagingUserId(db(), session.actingPerson.id);
  return userId ? { userId } : { unavailable: "unavailable" };
}

// ---------------------------------------------------------------------------------------------------------------
// The list

export type PrescriptionsPage = {
  prescriptions: Prescription[];
  renewal: RenewalState;
  /** The selection was sent with nothing chosen. */
  nothingChosen: boolean;
};

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
  return {
    prescriptions,
    renewal: "userId" in access ? "ok" : access.unavailable,
    nothingChosen: (all || query.has("renew") || query.has("ids")) && "userId" in access,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The renewal page

export type RenewalPrescription = Pick<Prescription, "id" | "medicineName" | "strength" | "dosageGuide" | "usageGuide">;

export type RenewalPage =
  | { state: "maintenance" }
  | { state: "unavailable" }
  | { state: "none"; left: number }
  | { state: "form"; prescriptions: RenewalPrescription[]; left: number; requestKey: string }
  | { state: "sent"; conversationHref: string | null };

/** What the form's post answers when it is not sent: the values as typed, and the errors or the failure. */
export type RenewalAnswer = {
  values: RenewalValues;
  errors: RenewalErrors;
  /** The answers are too long together for one message. */
  tooLong?: boolean;
  failure?: "send" | Unavailable;
};

const toRenewalPrescription = (p: Prescription): RenewalPrescription => ({
  id: p.id,
  medicineName: p.medicineName,
  strength: p.strength,
  dosageGuide: p.dosageGuide,
  usageGuide: p.usageGuide,
});

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
