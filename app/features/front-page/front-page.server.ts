import { sql, type SQL } from "drizzle-orm";
import { db } from "~/.server/db/client";
import type { UserSession } from "~/.server/guards";
import type { Lang } from "~/lib/lang";
import { isThreadRead } from "~/features/messaging/rules";
import { hasEventsSql } from "./has-events.server";

const SECTION_SIZE = 3;

type Row = Record<string, unknown>;
type Section<T> = T[];

/** A section as a JSON array built by the database: `(select json_agg(...) from (<query>) x)`. */
function section(query: SQL, order: SQL): SQL {
  return sql`(select coalesce(json_agg(x ${order}), '[]'::json) from (${query}) x)`;
}

/**
 * The front page state of spec part 1 §3 for the session's acting person: a few latest items per section.
 *
 * One statement reads every section and writes the access-log row (a data-modifying CTE), so the page costs one
 * round trip: the front page is the most requested page, and on the embedded database every query is serialised.
 * Every subquery is scoped to the acting person.
 */
export async function loadFrontPage(session: UserSession, lang: Lang, now: Date) {
  const personId = session.actingPerson.id;
  const actingForChild = session.actingPerson.id !== session.user.id;
  const specialtyName = sql.raw(lang === "sv" ? "sp.name_sv" : lang === "en" ? "sp.name_en" : "sp.name_fi");
  const at = now.toISOString();

  const statement = sql`
    with logged as (
      insert into access_log (at, actor_id, subject_id, action, resource)
      values (${at}::timestamptz, ${session.user.id}, ${personId}, 'read', 'front-page')
      returning id
    )
    select
      ${section(
        // The acting person's own threads (as their customer messaging user), with what the read rule needs.
        sql`select th.id, th.title, tp.read_at as "readAt",
              th.professional_timestamp as "professionalTimestamp",
              lm.at as "latestAt", coalesce(lm.at, th.created_at) as "activityAt"
            from messaging_users mu
            join thread_participants tp on tp.user_id = mu.id
            join threads th on th.id = tp.thread_id
            left join lateral (select max(m.created_at) as at from messages m where m.thread_id = th.id) lm on true
            where mu.person_id = ${personId} and mu.type = 'CustomerUser'
            order by "activityAt" desc, th.id desc limit ${SECTION_SIZE}`,
        sql`order by x."activityAt" desc, x.id desc`,
      )} as threads,
      ${section(
        sql`select a.id, a.starts_at as "startsAt", a.location_type as "locationType",
              c.name as "clinicName", pr.name as "practitionerName", ${specialtyName} as "specialtyName"
            from reservations r
            join appointments a on a.id = r.appointment_id
            join clinics c on c.id = a.clinic_id
            join practitioners pr on pr.id = a.practitioner_id
            join specialties sp on sp.id = a.specialty_id
            where r.person_id = ${personId} and r.status = 'active' and a.starts_at >= ${at}::timestamptz
            order by a.starts_at limit ${SECTION_SIZE}`,
        sql`order by x."startsAt"`,
      )} as appointments,
      ${section(
        sql`select v.id, v.date_time as "dateTime", pr.name as "practitionerName", ${specialtyName} as "specialtyName"
            from visits v
            left join practitioners pr on pr.id = v.practitioner_id
            left join specialties sp on sp.id = v.specialty_id
            where v.person_id = ${personId} and v.view_restriction = 'patient'
            order by v.date_time desc limit ${SECTION_SIZE}`,
        sql`order by x."dateTime" desc`,
      )} as visits,
      ${section(
        sql`select p.id, p.medicine_name as "medicineName", p.strength, p.issued_date as "issuedDate"
            from prescriptions p where p.person_id = ${personId} order by p.issued_date desc, p.id limit ${SECTION_SIZE}`,
        sql`order by x."issuedDate" desc, x.id`,
      )} as prescriptions,
      -- Renewal is allowed when a prescription is renewable, the person may renew online and the messaging
      -- service (which carries the requests) is not in maintenance.
      (${session.actingPerson.prescriptionRenewalEnabled}
        and exists (select 1 from prescriptions p where p.person_id = ${personId} and p.is_renewable)
        and not coalesce((select ms.maintenance from messaging_status ms where ms.id = 1), false))
        as "canRenewPrescriptions",
      ${section(
        sql`select l.sampled_on as date, bool_and(l.status = 'ready') as "isReady"
            from lab_results l where l.person_id = ${personId} and l.view_restriction = 'patient'
            group by l.sampled_on order by l.sampled_on desc limit ${SECTION_SIZE}`,
        sql`order by x.date desc`,
      )} as "labResultSummaries",
      ${section(
        sql`select r.id, r.type, r.title, r.created_on as "createdOn", r.valid_until as "validUntil",
              row_number() over (partition by r.type order by r.created_on desc, r.id) as rank
            from referrals r where r.person_id = ${personId}`,
        sql`order by x."createdOn" desc, x.id`,
      )} as referrals,
      ${section(
        sql`select i.id, i.examination_name as "examinationName", i.imaging_date as "imagingDate"
            from imaging_results i where i.person_id = ${personId} and i.view_restriction = 'patient'
              and not exists (select 1 from record_source_faults f where f.person_id = ${personId} and f.source = 'imaging-results')
            order by i.imaging_date desc, i.id limit ${SECTION_SIZE}`,
        sql`order by x."imagingDate" desc, x.id`,
      )} as imaging,
      ${section(
        sql`select q.id, q.title, q.created_at as "createdAt"
            from questionnaire_invitations q where q.person_id = ${personId} and q.answered_at is null
            order by q.created_at desc limit ${SECTION_SIZE}`,
        sql`order by x."createdAt" desc`,
      )} as questionnaires,
      exists (select 1 from record_source_faults f where f.person_id = ${personId} and f.source = 'imaging-results')
        as "imagingUnavailable",
      ${hasEventsSql(personId)} as "hasEvents",
      (select count(*) from logged) as logged`;

  const result = await db().execute(statement);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  // node-postgres parses json columns; PGlite does too, but be tolerant of text.
  const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

  const threads = json<
    Section<{
      id: number;
      title: string | null;
      readAt: string | null;
      professionalTimestamp: string | null;
      latestAt: string | null;
    }>
  >(row.threads);
  const referrals = json<
    Section<{
      id: number;
      type: "laboratory" | "imaging";
      title: string;
      createdOn: string;
      validUntil: string;
      rank: number;
    }>
  >(row.referrals);
  const referralsOf = (type: "laboratory" | "imaging") =>
    referrals
      .filter((r) => r.type === type && Number(r.rank) <= SECTION_SIZE)
      .map(({ id, title, validUntil }) => ({ id, title, validUntil }));

  const user = session.user;
  return {
    customer: { firstName: user.firstName },
    actingFor: actingForChild
      ? { firstName: session.actingPerson.firstName, lastName: session.actingPerson.lastName }
      : null,
    // The SMS login prompt is about the user's own login, so it is not shown while acting for a child.
    mfaOnboardingParam:
      !actingForChild && user.mfaOnboardingPhone && !user.mfaVerifiedPhone
        ? { phoneNumber: user.mfaOnboardingPhone }
        : null,
    conversationSummaries: threads.map((t) => ({
      id: t.id,
      title: t.title,
      latestAt: iso(t.latestAt),
      // Customers are never assigned to threads, so the rule's assignment time does not apply.
      unread: !isThreadRead({
        readAt: t.readAt ? new Date(t.readAt) : null,
        lastMessageAt: t.latestAt ? new Date(t.latestAt) : null,
        professionalTimestamp: t.professionalTimestamp ? new Date(t.professionalTimestamp) : null,
        assignedAt: null,
      }),
    })),
    appointmentSummaries: json<
      Section<{
        id: number;
        startsAt: string;
        locationType: string;
        clinicName: string;
        practitionerName: string;
        specialtyName: string;
      }>
    >(row.appointments).map((a) => ({ ...a, startsAt: iso(a.startsAt)! })),
    visitSummaries: json<
      Section<{ id: number; dateTime: string; practitionerName: string | null; specialtyName: string | null }>
    >(row.visits).map((v) => ({
      ...v,
      dateTime: iso(v.dateTime)!,
    })),
    prescriptions: json<Section<{ id: number; medicineName: string; strength: string | null; issuedDate: string }>>(
      row.prescriptions,
    ),
    canRenewPrescriptions: row.canRenewPrescriptions === true || row.canRenewPrescriptions === "t",
    labResultSummaries: json<Section<{ date: string; isReady: boolean }>>(row.labResultSummaries),
    labReferrals: referralsOf("laboratory"),
    questionnaireSummaries: json<Section<{ id: number; title: string; createdAt: string }>>(row.questionnaires).map(
      (q) => ({ ...q, createdAt: iso(q.createdAt)! }),
    ),
    imagingSummaries: json<Section<{ id: number; examinationName: string; imagingDate: string }>>(row.imaging),
    imagingReferrals: referralsOf("imaging"),
    /** The imaging results' source answers with a temporary error (the section says so; referrals still show). */
    imagingUnavailable: row.imagingUnavailable === true || row.imagingUnavailable === "t",
    /** Anything at all the portal shows the person (has-events.server.ts); without it the front page gives way. */
    hasEvents: row.hasEvents === true || row.hasEvents === "t",
  };
}

export type FrontPageState = Awaited<ReturnType<typeof loadFrontPage>>;
