/**
 * Every form's error summary lists its errors in the order the fields stand on the page (GOV.UK: "list errors in
 * the same order as they appear on the page"), as app/ui/form/errors.ts makes every form do.
 *
 * The forms are found, not listed: every page route with an action (app/routes.ts, through the route table) must be
 * opened below by a visitor who sees its forms, and every `<form method="post">` those pages render is sent as a
 * browser without JavaScript would send it with its fields left empty (hidden fields as they are, boxes unticked,
 * the form's main button), through the real request handler with the page's CSRF token. The answer's error summary
 * must link to fields of that page, in the order of those fields' ids in its HTML. A form that cannot be sent
 * invalid (a single button) is named in EXEMPT_FORMS with the reason, and is not sent; a page route with an action
 * whose form no visitor is shown, in EXEMPT_ROUTES. A page route neither checked nor exempt fails the test, and so
 * does a form that is neither (it is sent, and answers without a summary), so a new form cannot be missed.
 * CHECKED_FORMS names the forms covered. Forms that only a step of another form shows (the SMS code after the phone,
 * the door's consent after the code) are not reached.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { unregisteredChildren, unregisteredIdentityCode } from "~/.server/db/seed/demo-people";
import { createSession } from "~/.server/session";
import { helsinkiDateParts } from "~/lib/format";
import { href, type RouteId } from "~/route-table";
import { routeEntry } from "~/route-table/pages.server";
import { appRoutes, sendAsBrowser, type SendOptions, type Sent } from "./request-handler";
import { findIds, type Ids } from "./route-ids";
import { FIXED_NOW, login, useTestDatabase, type DemoKey } from "./test-db";

const t = useTestDatabase();
const csrf = newCsrfCookieValue();

// --- reading a server-rendered page ---------------------------------------------------------------

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  if (m) return decode(m[1]);
  return new RegExp(`\\s${name}(?=[\\s/>])`).test(tag) ? "" : null;
}

type Control = { tag: string; kind: string; name: string; value: string };
type PageForm = { action: string; multipart: boolean; controls: Control[]; buttons: Control[] };

const pathOf = (url: URL) => url.pathname + url.search;

/** The post forms of a page, with their named controls in document order. */
function postForms(html: string, pageUrl: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const open = `<form${m[1]}>`;
    if ((attr(open, "method") ?? "get").toLowerCase() !== "post") continue;
    const controls: Control[] = [];
    const buttons: Control[] = [];
    for (const c of m[2].matchAll(/<(input|textarea|select|button)\b([^>]*)>/g)) {
      const tag = `<${c[1]}${c[2]}>`;
      const name = attr(tag, "name");
      const kind = c[1] === "input" ? (attr(tag, "type") ?? "text") : c[1];
      const control = { tag, kind, name: name ?? "", value: attr(tag, "value") ?? "" };
      if (c[1] === "button" || kind === "submit") {
        if (attr(tag, "type") !== "button") buttons.push(control);
      } else if (name && attr(tag, "disabled") === null) controls.push(control);
    }
    forms.push({
      action: pathOf(new URL(attr(open, "action") ?? pageUrl, new URL(pageUrl, "http://localhost"))),
      multipart: attr(open, "enctype") === "multipart/form-data" || attr(open, "encType") === "multipart/form-data",
      controls,
      buttons,
    });
  }
  return forms;
}

/** The route a path reaches, by the app's route patterns (its id without the language), fixed words before `:params`. */
function routeOf(pathname: string): string {
  const matches = appRoutes.filter((r) =>
    new RegExp(`^/${r.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`).test(pathname),
  );
  const params = (path: string) => (path.match(/:/g) ?? []).length;
  matches.sort((a, b) => params(a.path) - params(b.path));
  return matches[0] ? baseId(matches[0].id) : pathname;
}

const baseId = (routeId: string) => routeId.replace(/\.(fi|sv|en)$/, "");

type Submission = { key: string; form: PageForm; button: Control | undefined };

/**
 * What a form can send: one submission per thing its buttons do. A form's name in this test is the route its action
 * reaches and the intent it sends, where a route has several (a hidden `intent`, or the buttons' own).
 */
function submissions(form: PageForm): Submission[] {
  const route = routeOf(form.action.split("?")[0]);
  const enabled = form.buttons.filter((b) => attr(b.tag, "disabled") === null);
  const hidden = form.controls.find((c) => c.name === "intent" && c.kind === "hidden")?.value;
  if (hidden) return [{ key: `${route} ${hidden}`, form, button: enabled[0] }];
  const out = new Map<string, Submission>();
  for (const button of enabled.length ? enabled : [undefined]) {
    const key = button?.name === "intent" ? `${route} ${button.value}` : route;
    if (!out.has(key)) out.set(key, { key, form, button });
  }
  return [...out.values()];
}

/**
 * The form as a browser without JavaScript sends it with nothing filled in: hidden fields as they are, text fields,
 * lists and file inputs empty, boxes unticked, and the button pressed.
 */
function emptyBody({ form, button }: Submission): FormData {
  const body = new FormData();
  for (const c of form.controls) {
    if (c.kind === "hidden") body.append(c.name, c.value);
    else if (c.kind === "file") body.append(c.name, new File([], ""));
    else if (c.kind !== "checkbox" && c.kind !== "radio") body.append(c.name, "");
  }
  if (button?.name) body.append(button.name, button.value);
  return body;
}

/** The request options of a body as a browser sends it: multipart where the form says so, url-encoded otherwise. */
function encoded(form: PageForm, body: FormData): SendOptions {
  if (form.multipart) return { form: body };
  const text = new URLSearchParams([...body].map(([k, v]) => [k, String(v)])).toString();
  return {
    body: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

/** The ids the error summary links to, in its order. */
function summaryLinks(html: string): string[] | null {
  const summary = /<div class="error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0];
  if (!summary) return null;
  return [...summary.matchAll(/<a href="#([^"]+)"/g)].map((m) => decode(m[1]));
}

/** Where the element with this id starts in the page (-1 when there is none). */
const positionOf = (html: string, id: string) =>
  html.search(new RegExp(`\\sid="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`));

// --- who opens what -------------------------------------------------------------------------------

/**
 * A visitor: nobody, a demo person, a guardian acting for a child (`guardian>youngChild`), a strong identification
 * without a patient record (`unregistered`, and a guardian's unregistered child), or a person whose session waits
 * for the SMS code (`smsUser?`).
 */
type Visitor = "anonymous" | DemoKey | `${DemoKey}>${DemoKey}` | "unregistered" | "unregisteredChild" | "smsUser?";

/** Free slots of each kind, soon enough that booking them must be confirmed as binding. */
type Slots = { private: number; insurance: number; kela65: number; occupational: number; anonInsurance: number };
/** The patient's appointment that may still be cancelled (a week or more ahead). */
type Cancellable = { cancellable: number };

/**
 * A page to open: a path, then links to follow on it (each the first `href` its pattern matches). A form already
 * checked on another page is checked again only on a visit marked `again` (the same form with other fields).
 */
type Visit = { as: Visitor; path: (ids: Ids & Slots & Cancellable) => string; follow?: RegExp[]; again?: true };

const DESK_PROFESSIONAL = /<option value="([0-9a-f-]{36})"/;

/** A link on a page to a route of the table (its Finnish path, with numeric ids for its parameters). */
function linkTo(id: RouteId): RegExp {
  const path = routeEntry(id)
    .paths.fi.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/:\w+/g, "\\d+");
  return new RegExp(`href="(/fi/${path})"`);
}
const fi = (id: RouteId, params: Record<string, string | number> = {}, query?: Record<string, string>) =>
  href(id, "fi", params, query);

const VISITS: Visit[] = [
  { as: "anonymous", path: (ids) => fi("doorAppointment", { token: ids.token }) },
  { as: "anonymous", path: (ids) => fi("anonFreeAppointment", { id: ids.private }) },
  { as: "anonymous", path: (ids) => fi("anonInsuranceFreeAppointment", { id: ids.anonInsurance }) },
  { as: "anonymous", path: (ids) => fi("anonKela65FreeAppointment", { id: ids.kela65 }) },
  { as: "anonymous", path: () => "/dev/care-team", follow: [DESK_PROFESSIONAL] },
  { as: "anonymous", path: () => "/dev/care-team", follow: [DESK_PROFESSIONAL, /href="(\/dev\/care-team\/\d+[^"]*)"/] },
  { as: "unregistered", path: () => fi("registration") },
  { as: "unregisteredChild", path: () => fi("hpaRegistration") },
  { as: "smsUser?", path: () => fi("authentication") },
  { as: "guardian", path: () => fi("transactionPath") },
  { as: "patient", path: () => fi("home") },
  { as: "patient", path: () => fi("myInformation") },
  { as: "patient", path: () => fi("myInformation", {}, { tab: "consent" }) },
  { as: "patient", path: () => fi("dataProcessing") },
  { as: "patient", path: (ids) => fi("appointment", { ids: ids.own }) },
  // An appointment on a later day: the request for an earlier time.
  { as: "patient", path: (ids) => fi("appointment", { ids: ids.cancellable }) },
  { as: "patient", path: (ids) => fi("freeAppointment", { id: ids.private }) },
  { as: "patient", path: (ids) => fi("insuranceFreeAppointment", { id: ids.insurance }) },
  { as: "patient", path: (ids) => fi("kela65FreeAppointment", { id: ids.kela65 }) },
  { as: "employee", path: (ids) => fi("occupationalFreeAppointment", { id: ids.occupational }) },
  { as: "patient", path: () => fi("newConversation") },
  { as: "patient", path: () => fi("conversations"), follow: [linkTo("conversation")] },
  { as: "patient", path: () => fi("prescriptions", {}, { all: "1" }) },
  { as: "patient", path: () => fi("questionnaireList"), follow: [linkTo("questionnaire")] },
  // Erkki's health survey: a matrix and a group of fields, whose errors link to their parts.
  { as: "senior", path: () => fi("questionnaireList"), follow: [linkTo("questionnaire")], again: true },
  { as: "myInfoAdult", path: () => fi("myInformation") },
  { as: "myInfoAdult", path: () => fi("kelaCard") },
  { as: "myInfoTeen", path: () => fi("myInformation", {}, { tab: "guardians" }) },
  { as: "guardian>youngChild", path: () => fi("myInformation") },
  // Pages whose forms are all exempt below, opened so that the exemptions are known to be still true.
  { as: "patient", path: (ids) => fi("cancelAppointment", { id: ids.cancellable }) },
  { as: "patient", path: () => fi("myInformationSessions") },
  { as: "patient", path: () => fi("invoices"), follow: [linkTo("payInvoice")] },
  { as: "patient", path: () => fi("logout") },
  { as: "anonymous", path: () => "/dev/reminders" },
];

/**
 * Forms that cannot be sent invalid, by `formKey`, with the reason. They are not sent: several would end the
 * session or change the demo data. Every other form of the pages above must answer with an error summary.
 */
const EXEMPT_FORMS: Record<string, string> = {
  "routes/analytics-consent": "the cookie banner's two buttons, Accept and Decline: nothing to fill in",
  "authentication resend": "a button that sends a new SMS code",
  "authentication cancel": "a button that cancels the login",
  "myInformation smsLoginEnable": "a button that sends the code for switching SMS login on",
  "cancelAppointment cancel": "a button that cancels the appointment",
  "questionnaire add:operations": "a dynamic panel's Add button: keeps the step as posted and adds a panel",
  payInvoice: "a button per payment method: nothing to fill in",
  logout: "a button that logs out",
  "routes/dev/care-team-thread close": "a button that closes the thread",
  "routes/dev/reminders": "a button that runs the reminder job (in the quiet hours with a box to run it anyway)",
  "routes/dev/reminders offers": "a button that runs the earlier-time offer job (likewise)",
};

/** Page routes with an action whose forms no visitor above is shown, with why. */
const EXEMPT_ROUTES: Record<string, string> = {
  anonInsuranceFreeAppointment: "only private care may be booked without logging in: the page asks to log in",
  anonKela65FreeAppointment: "only private care may be booked without logging in: the page asks to log in",
  expiredSession: "one button, 'order an SMS code', for an expired session of a person with SMS login",
  earlierTimeOffer: "reached only by an offer's single-use SMS link; two buttons, take the time or let it go",
  myInformationSessions: "a button per other session, ending it",
};

/** The forms checked, by `formKey`: how many forms this test covers. */
const CHECKED_FORMS = [
  "anonFreeAppointment",
  "appointment arrivalReason",
  "appointment earlierTime",
  "authentication verify",
  "conversation",
  "dataProcessing",
  "doorAppointment",
  "freeAppointment reserve",
  "home mfaPhone",
  "hpaRegistration",
  "insuranceFreeAppointment insurance:verify",
  "insuranceFreeAppointment reserve",
  "kela65FreeAppointment reserve",
  "kelaCard",
  "myInformation consent",
  "myInformation contact",
  "myInformation guardianOwn",
  "myInformation guardians",
  "newConversation",
  "occupationalFreeAppointment reserve",
  "prescriptionRenewal",
  "questionnaire next",
  "registration",
  "routes/dev/care-team addAbsence",
  "routes/dev/care-team-thread reply",
  "transactionPath",
];

describe("error summaries", () => {
  let ids: Ids & Slots & Cancellable;
  const sessions = new Map<Visitor, string | undefined>();

  /** The first free slot of a kind from an hour ahead (within the notice hours, so booking it is binding). */
  async function slot(careType: string, options: { anonymous?: boolean; specialty?: string } = {}) {
    const [row] = await t.db
      .select({ id: s.appointments.id })
      .from(s.appointments)
      .where(
        and(
          gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + 3_600_000)),
          sql`${careType} = any(${s.appointments.careTypes})`,
          sql`not exists (select 1 from reservations r where r.appointment_id = ${s.appointments.id})`,
          options.anonymous ? eq(s.appointments.requiresAuthToReserve, false) : undefined,
          options.specialty ? eq(s.appointments.specialtyId, options.specialty) : undefined,
        ),
      )
      .orderBy(s.appointments.startsAt, s.appointments.id)
      .limit(1);
    if (!row) throw new Error(`the seed has no free ${careType} slot`);
    return row.id;
  }

  beforeAll(async () => {
    const [cancellable] = await t.db
      .select({ id: s.reservations.appointmentId })
      .from(s.reservations)
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .where(
        and(
          eq(s.reservations.personId, t.person("patient").id),
          eq(s.reservations.status, "active"),
          gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + 7 * 86_400_000)),
        ),
      )
      .limit(1);
    ids = {
      cancellable: cancellable.id,
      ...(await findIds(t)),
      private: await slot("private", { anonymous: true }),
      insurance: await slot("insurance"),
      anonInsurance: await slot("insurance", { anonymous: true }),
      kela65: await slot("kela65", { anonymous: true }),
      // A general practitioner's: the occupational confirmation applies.
      occupational: await slot("occupational", { specialty: "YLE" }),
    };
  });

  async function sessionOf(as: Visitor): Promise<string | undefined> {
    if (sessions.has(as)) return sessions.get(as);
    let session: string | undefined;
    if (as === "unregistered" || as === "unregisteredChild") {
      const [child] = unregisteredChildren(helsinkiDateParts(FIXED_NOW).year);
      session = await createSession({
        userId: null,
        actingPersonId: null,
        pendingIdentity:
          as === "unregistered"
            ? { identityCode: unregisteredIdentityCode() }
            : { ...child, guardianId: t.person(child.guardianKey).id },
        acr: "urn:ftn:op",
      });
    } else if (as === "smsUser?") {
      const person = t.person("smsUser");
      session = await createSession({
        userId: person.id,
        actingPersonId: person.id,
        acr: "urn:ftn:nordea",
        awaitingSecondFactor: true,
      });
    } else if (as !== "anonymous") {
      const [user, acting] = as.split(">") as [DemoKey, DemoKey | undefined];
      session = await login(t.person(user), acting ? t.person(acting) : undefined);
    }
    sessions.set(as, session);
    return session;
  }

  /** Opens a visit's page (following redirects and its links) and answers with its final path and HTML. */
  async function open(visit: Visit): Promise<{ path: string; page: Sent; session: string | undefined }> {
    const session = await sessionOf(visit.as);
    let path = visit.path(ids);
    const get = async () => {
      let page = await sendAsBrowser(csrf, "GET", path, { session });
      for (let hops = 0; page.location && hops < 3; hops++) {
        path = page.location;
        page = await sendAsBrowser(csrf, "GET", path, { session });
      }
      return page;
    };
    let page = await get();
    for (const pattern of visit.follow ?? []) {
      const found = pattern.exec(page.text)?.[1];
      if (!found) throw new Error(`${path} (${visit.as}) has no ${pattern}`);
      const next = decode(found);
      // The desk's professional is a choice of its GET form, not a link.
      path = next.startsWith("/") ? next : `${path}?professional=${next}`;
      page = await get();
    }
    expect(page.status, `${path} (${visit.as})`).toBe(200);
    return { path, page, session };
  }

  it("list the errors of every form in the order of its fields on the page", { timeout: 120_000 }, async () => {
    /** Each form sent, with the ids its summary links to. */
    const checked = new Map<string, string[]>();
    const exemptSeen = new Set<string>();
    const problems: string[] = [];
    for (const visit of VISITS) {
      const { path, page, session } = await open(visit);
      for (const submission of postForms(page.text, path).flatMap(submissions)) {
        const { key, form } = submission;
        if (EXEMPT_FORMS[key]) exemptSeen.add(key);
        if (EXEMPT_FORMS[key] || (checked.has(key) && !visit.again)) continue;
        const sent = `${key} (sent empty from ${path} as ${visit.as})`;
        const answer = await sendAsBrowser(csrf, "POST", form.action, {
          session,
          ...encoded(form, emptyBody(submission)),
        });
        const links = summaryLinks(answer.text);
        if (!links?.length) {
          problems.push(`${sent}: answered ${answer.status} ${answer.location ?? ""} without an error summary`);
          continue;
        }
        // Each link reaches a field of the page, and they come in the page's order.
        const missing = links.filter((id) => positionOf(answer.text, id) < 0);
        if (missing.length) problems.push(`${sent}: the summary links to nothing at ${missing.join(", ")}`);
        const pageOrder = [...links].sort((a, b) => positionOf(answer.text, a) - positionOf(answer.text, b));
        if (pageOrder.join() !== links.join())
          problems.push(`${sent}: the summary lists ${links.join(", ")}; the page has ${pageOrder.join(", ")}`);
        checked.set(key, links);
      }
    }
    expect(problems).toEqual([]);

    // Every page route with an action has its forms checked here, or says why not.
    const formRoutes = new Set(appRoutes.filter((r) => r.isPage && r.hasAction).map((r) => baseId(r.id)));
    const covered = new Set([...checked.keys(), ...exemptSeen].map((key) => key.split(" ")[0]));
    const unchecked = [...formRoutes].filter((route) => !covered.has(route) && !EXEMPT_ROUTES[route]);
    expect(unchecked, "page routes with an action that no visit above shows a form of").toEqual([]);
    // The exemptions are still true: each form was shown, and each route has no other form.
    expect(Object.keys(EXEMPT_FORMS).filter((key) => !exemptSeen.has(key))).toEqual([]);
    expect(Object.keys(EXEMPT_ROUTES).filter((route) => !formRoutes.has(route) || covered.has(route))).toEqual([]);
    if (process.env.DEBUG_FORMS)
      console.log([...checked].map(([key, links]) => `${key}: ${links.join(" ")}`).join("\n"));
    expect([...checked.keys()].sort()).toEqual(CHECKED_FORMS);
  });
});
