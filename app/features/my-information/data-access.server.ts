import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { UserSession } from "~/.server/guards";

/** Entries per page of "Who viewed my data". */
export const ACCESS_PAGE_SIZE = 20;

/** What was read or changed, by the access log's resource names; anything else is "other". */
const RESOURCES = new Set([
  "front-page",
  "appointments",
  "appointment",
  "arrival-reason",
  "check-in",
  "door-check-in",
  "consent",
  "contact-info",
  "guardians",
  "reservation",
  "insurancePermits",
  "kela-card",
  "invoices",
  "invoice",
  "invoice-pdf",
  "payment-result",
  "conversations",
  "conversation",
  "message-attachment",
  "questionnaire",
  "laboratory",
  "lab-referral",
  "lab-result",
  "imaging",
  "imaging-referral",
  "imaging-result",
  "visits",
  "visit",
  "certificates",
  "certificate-pdf",
  "vaccinations",
  "prescriptions",
  "prescription-renewal",
  "questionnaires",
]);

/** Who it was, as the page names them. */
export type AccessActor =
  | { kind: "self" }
  | { kind: "door" }
  | { kind: "guardian"; name: string }
  | { kind: "staff" }
  | { kind: "person"; name: string };

const actor = alias(s.people, "actor");

/**
 * The access log of the session's acting person, newest first, a page at a time: when, who (the person
 * themselves, a guardian through the mandate, the clinic-door check-in, or staff — an actor who is not a
 * customer), what and whether it was read or changed. Never another person's log.
 */
export async function accessLogPage(db: Database, session: UserSession, page: number) {
  const subjectId = session.actingPerson.id;
  const [{ total }] = await db.select({ total: count() }).from(s.accessLog).where(eq(s.accessLog.subjectId, subjectId));
  const pages = Math.max(1, Math.ceil(total / ACCESS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .select({
      id: s.accessLog.id,
      at: s.accessLog.at,
      actorId: s.accessLog.actorId,
      action: s.accessLog.action,
      resource: s.accessLog.resource,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      isGuardian: sql<boolean>`exists (select 1 from ${s.guardianships} g where g.guardian_id = ${s.accessLog.actorId} and g.child_id = ${s.accessLog.subjectId})`,
    })
    .from(s.accessLog)
    .leftJoin(actor, eq(actor.id, s.accessLog.actorId))
    .where(and(eq(s.accessLog.subjectId, subjectId)))
    .orderBy(desc(s.accessLog.at), desc(s.accessLog.id))
    .limit(ACCESS_PAGE_SIZE)
    .offset((current - 1) * ACCESS_PAGE_SIZE);
  return {
    page: current,
    pages,
    total,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action === "write" ? ("write" as const) : ("read" as const),
      resource: RESOURCES.has(r.resource) ? r.resource : "other",
      actor: describeActor(r, subjectId),
    })),
  };
}

function describeActor(
  r: {
    actorId: string;
    resource: string;
    actorFirstName: string | null;
    actorLastName: string | null;
    isGuardian: boolean;
  },
  subjectId: string,
): AccessActor {
  if (r.resource === "door-check-in") return { kind: "door" };
  if (r.actorId === subjectId) return { kind: "self" };
  if (r.actorFirstName === null) return { kind: "staff" };
  const name = `${r.actorFirstName} ${r.actorLastName}`;
  return r.isGuardian ? { kind: "guardian", name } : { kind: "person", name };
}
