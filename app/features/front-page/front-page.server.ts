import { and, asc, desc, eq, gte, isNull, max, sql } from "drizzle-orm";
import { logRead } from "~/.server/access-log";
import { db } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { UserSession } from "~/features/session/guards.server";
import type { Lang } from "~/lib/lang";

const SECTION_SIZE = 3;

const specialtyName = (lang: Lang) => (lang === "sv" ? s.specialties.nameSv : lang === "en" ? s.specialties.nameEn : s.specialties.nameFi);

/**
 * The front page state of spec part 1 §3 for the session's acting person: a few latest items per section.
 * Every query is scoped to the acting person, and the read is written to the access log.
 */
export async function loadFrontPage(session: UserSession, lang: Lang, now: Date) {
  const personId = session.actingPerson.id;
  const actingForChild = session.actingPerson.id !== session.user.id;
  // The time of each thread's newest message.
  const latestMessage = db()
    .select({ threadId: s.messages.threadId, latestAt: max(s.messages.createdAt).as("latest_at") })
    .from(s.messages)
    .groupBy(s.messages.threadId)
    .as("latest_message");

  const [threads, appointments, visits, prescriptions, labDates, referrals, imaging, questionnaires] = await Promise.all([
    db()
      .select({ id: s.threads.id, title: s.threads.title, isActive: s.threads.isActive, readAt: s.threads.customerReadAt, latestAt: latestMessage.latestAt })
      .from(s.threads)
      .leftJoin(latestMessage, eq(latestMessage.threadId, s.threads.id))
      .where(eq(s.threads.personId, personId))
      .orderBy(sql`${latestMessage.latestAt} desc nulls last`)
      .limit(SECTION_SIZE),
    db()
      .select({
        id: s.appointments.id,
        startsAt: s.appointments.startsAt,
        durationMinutes: s.appointments.durationMinutes,
        locationType: s.appointments.locationType,
        clinicName: s.clinics.name,
        practitionerName: s.practitioners.name,
        specialtyName: specialtyName(lang),
      })
      .from(s.reservations)
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .innerJoin(s.clinics, eq(s.clinics.id, s.appointments.clinicId))
      .innerJoin(s.practitioners, eq(s.practitioners.id, s.appointments.practitionerId))
      .innerJoin(s.specialties, eq(s.specialties.id, s.appointments.specialtyId))
      .where(and(eq(s.reservations.personId, personId), eq(s.reservations.status, "active"), gte(s.appointments.startsAt, now)))
      .orderBy(asc(s.appointments.startsAt))
      .limit(SECTION_SIZE),
    db()
      .select({ id: s.visits.id, dateTime: s.visits.dateTime, practitionerName: s.practitioners.name, specialtyName: specialtyName(lang) })
      .from(s.visits)
      .leftJoin(s.practitioners, eq(s.practitioners.id, s.visits.practitionerId))
      .leftJoin(s.specialties, eq(s.specialties.id, s.visits.specialtyId))
      .where(eq(s.visits.personId, personId))
      .orderBy(desc(s.visits.dateTime))
      .limit(SECTION_SIZE),
    db()
      .select({
        id: s.prescriptions.id,
        medicineName: s.prescriptions.medicineName,
        strength: s.prescriptions.strength,
        issuedDate: s.prescriptions.issuedDate,
        isRenewable: s.prescriptions.isRenewable,
        // Any renewable prescription, not only among the latest three.
        anyRenewable: sql<boolean>`bool_or(${s.prescriptions.isRenewable}) over ()`,
      })
      .from(s.prescriptions)
      .where(eq(s.prescriptions.personId, personId))
      .orderBy(desc(s.prescriptions.issuedDate))
      .limit(SECTION_SIZE),
    db()
      .select({ date: s.labResults.sampledOn, total: sql<number>`count(*)::int`, ready: sql<number>`count(*) filter (where ${s.labResults.isReady})::int` })
      .from(s.labResults)
      .where(eq(s.labResults.personId, personId))
      .groupBy(s.labResults.sampledOn)
      .orderBy(desc(s.labResults.sampledOn))
      .limit(SECTION_SIZE),
    // The latest referrals of both kinds in one query.
    db()
      .select({ id: s.referrals.id, type: s.referrals.type, title: s.referrals.title, createdOn: s.referrals.createdOn, validUntil: s.referrals.validUntil, rank: sql<number>`row_number() over (partition by ${s.referrals.type} order by ${s.referrals.createdOn} desc)` })
      .from(s.referrals)
      .where(eq(s.referrals.personId, personId))
      .orderBy(desc(s.referrals.createdOn)),
    db()
      .select({ id: s.imagingResults.id, examinationName: s.imagingResults.examinationName, imagingDate: s.imagingResults.imagingDate })
      .from(s.imagingResults)
      .where(eq(s.imagingResults.personId, personId))
      .orderBy(desc(s.imagingResults.imagingDate))
      .limit(SECTION_SIZE),
    db()
      .select({ id: s.questionnaireInvitations.id, title: s.questionnaireInvitations.title, createdAt: s.questionnaireInvitations.createdAt })
      .from(s.questionnaireInvitations)
      .where(and(eq(s.questionnaireInvitations.personId, personId), isNull(s.questionnaireInvitations.answeredAt)))
      .orderBy(desc(s.questionnaireInvitations.createdAt))
      .limit(SECTION_SIZE),
  ]);

  const referralsOf = (type: "laboratory" | "imaging") =>
    referrals.filter((r) => r.type === type && Number(r.rank) <= SECTION_SIZE).map(({ id, title, createdOn, validUntil }) => ({ id, title, createdOn, validUntil }));

  await logRead(session, "front-page");

  const user = session.user;
  return {
    customer: { firstName: user.firstName },
    actingFor: actingForChild ? { firstName: session.actingPerson.firstName, lastName: session.actingPerson.lastName } : null,
    // The SMS login prompt is about the user's own login, so it is not shown while acting for a child.
    mfaOnboardingParam: !actingForChild && user.mfaOnboardingPhone && !user.mfaVerifiedPhone ? { phoneNumber: user.mfaOnboardingPhone } : null,
    conversationSummaries: threads.map((t) => ({
      id: t.id,
      title: t.title,
      isActive: t.isActive,
      latestAt: t.latestAt ? new Date(t.latestAt).toISOString() : null,
      unread: !!t.latestAt && (!t.readAt || t.readAt.getTime() < new Date(t.latestAt).getTime()),
    })),
    appointmentSummaries: appointments.map((a) => ({ ...a, startsAt: a.startsAt.toISOString() })),
    visitSummaries: visits.map((v) => ({ ...v, dateTime: v.dateTime.toISOString() })),
    prescriptions: prescriptions.map(({ anyRenewable: _, ...p }) => p),
    canRenewPrescriptions: prescriptions.some((p) => p.anyRenewable),
    labResultSummaries: labDates.map((d) => ({ date: d.date, isReady: d.ready === d.total })),
    labReferrals: referralsOf("laboratory"),
    questionnaireSummaries: questionnaires.map((q) => ({ ...q, createdAt: q.createdAt.toISOString() })),
    imagingSummaries: imaging,
    imagingReferrals: referralsOf("imaging"),
  };
}

export type FrontPageState = Awaited<ReturnType<typeof loadFrontPage>>;
