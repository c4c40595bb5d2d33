import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import { customerMessagingUserId, messagingStatus } from "~/features/messaging/messaging.server";
import type { UserSession } from "~/.server/guards";
import { formatDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import type { T } from "~/lib/translate";
import type { RenewalErrors, RenewalValues } from "./renewal.schema";
import {
  derivedTextParts,
  lineRuns,
  medicineTitle,
  renewalAllowed,
  type ListedPrescription,
  type Prescription,
  type RenewalState,
} from "./rules";

/**
 * Prescriptions and their renewal (spec part 2 §2 "Prescriptions and renewal"): the queries, who may renew, the
 * request keys and the pages' types. The pages' loaders and the renewal form's action are in
 * routes/prescriptions/pages.server.ts.
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

type Db = Database | Transaction;

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

export async function requestByKey(db: Db, key: string) {
  const [row] = await db
    .select()
    .from(s.prescriptionRenewalRequests)
    .where(eq(s.prescriptionRenewalRequests.requestKey, key));
  return row ?? null;
}

/** Claims a key for a person: true when this call inserted it (and so is the one to send). */
export async function claimRequest(db: Db, key: string, personId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(s.prescriptionRenewalRequests)
    .values({ requestKey: key, personId, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: s.prescriptionRenewalRequests.requestKey });
  return rows.length === 1;
}

/** Gives up a claim whose send failed, so the same form can be sent again. */
export async function releaseRequest(db: Db, key: string) {
  await db
    .delete(s.prescriptionRenewalRequests)
    .where(and(eq(s.prescriptionRenewalRequests.requestKey, key), isNull(s.prescriptionRenewalRequests.threadId)));
}

/** How long a second post waits for the first one with the same key to finish sending. */
const PENDING_WAIT_MS = 3000;

/** The thread of the key's sent request (waiting a moment while it is being sent); null when there is none. */
export async function sentThreadOf(key: string, personId: string): Promise<number | null | "pending"> {
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
export type Unavailable = Exclude<RenewalState, "ok">;

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
export async function renewalAccess(session: UserSession): Promise<{ userId: string } | { unavailable: Unavailable }> {
  if (!renewalAllowed(session.actingPerson, await messagingMaintenance())) return { unavailable: "maintenance" };
  const userId = await customerMessagingUserId(db(), session.actingPerson.id);
  return userId ? { userId } : { unavailable: "unavailable" };
}

// ---------------------------------------------------------------------------------------------------------------
// The list

export type PrescriptionsPage = {
  prescriptions: ListedPrescription[];
  renewal: RenewalState;
  /** The selection was sent with nothing chosen. */
  nothingChosen: boolean;
};

/** A prescription as the list shows it, in the page's language. The issue date is a calendar day (noon UTC is on it). */
export const listedPrescription = (p: Prescription, t: T, lang: Lang): ListedPrescription => ({
  id: p.id,
  title: medicineTitle(p),
  isRenewable: p.isRenewable,
  issued: formatDate(new Date(`${p.issuedDate}T12:00:00Z`), lang),
  line: lineRuns(derivedTextParts(p, t, lang), lang),
});

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

export const toRenewalPrescription = (p: Prescription): RenewalPrescription => ({
  id: p.id,
  medicineName: p.medicineName,
  strength: p.strength,
  dosageGuide: p.dosageGuide,
  usageGuide: p.usageGuide,
});
