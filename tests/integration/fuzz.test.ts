/**
 * Malformed input never causes a 5xx. Every form action and every /api route, enumerated from the app's routes
 * (`app/routes.ts`, i.e. the route table's pages and the fixed /api paths), gets a fixed corpus of bad bodies,
 * queries and cookies through the real request handler — once as a stranger without a CSRF token, once as an
 * anonymous visitor with one, and once logged in, so the input reaches the actions. Path parameters are filled
 * with valid, malformed and foreign values.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import { logger } from "~/.server/logger";
import { SESSION_COOKIE } from "~/.server/session";
import { onMissingText } from "~/lib/translate";
import { routeIdForPath } from "~/route-table";
import { findIds, type Ids } from "./route-ids";
import {
  ANSWER_QUESTIONNAIRE,
  MESSAGING_THREADS,
  MESSAGING_THREAD_FOR_CUSTOMER,
  SEND_MESSAGE,
} from "~/features/messaging/client";
import { appRoutes, handle, sendRawPath, type AppRoute } from "./request-handler";
import { DEMO, ORIGIN, boundCsrfToken, cookiePair, login, useTestDatabase } from "./test-db";

const t = useTestDatabase();

type Payload = { name: string; contentType?: string; body?: BodyInit };
type Auth = "stranger" | "anonymous" | "user";
type Failure = {
  method: string;
  path: string;
  pattern: string;
  payload: string;
  auth: Auth;
  status: number;
  body: string;
};

// --- the corpus ------------------------------------------------------------------------------------

const NUL = "a\u0000b";
const CONTROL = "\u0001\u0002\u0008\u000b\u001b\u007f\u0085";
const SQL_PAYLOAD = "' OR 1=1; DROP TABLE people; --";
const HTML_PAYLOAD = '"><script>alert(1)</script><img src=x onerror=alert(1)>';
const UNICODE = "\u202e\u200b𝕏😀 ÅÄÖ ꙮ \ufeff";
/** An appointment id in every shape `Number()` would accept or choke on. */
const ODD_IDS: unknown[] = [
  true,
  [37],
  { id: 37 },
  "0x25",
  " 37 ",
  "37.0",
  37.5,
  0,
  1e300,
  "1e3",
  2 ** 31,
  null,
  "037",
];

/** Every field a form or call of the portal reads, with plausible values. */
function baseFields(ids: Ids): Record<string, unknown> {
  return {
    appointmentId: ids.freeSlot,
    internalOrganization: "solmu",
    arrivalReason: "Kipeä polvi",
    ssnEndPart: "909B",
    code: "PO-1",
    ssn: DEMO.guardian.identityCode,
    firstName: DEMO.guardian.firstName,
    lastName: DEMO.guardian.lastName,
    phone: "0401234567",
    emailAddress: "matti@example.fi",
    description: "Polvi",
    conceptCode: "PO-1",
    dcpContentHash: "abc",
    pohjolaPolicyId: "P-1",
    streetAddress: "Katu 1",
    postalCode: "00100",
    postOffice: "Helsinki",
    phoneNumber: "0401234567",
    allowsBookingSms: true,
    allowsCommonRegistry: false,
    allowsMarketingMail: false,
    allowsTreatmentInstructionsMail: true,
    allowsViewingOccupationalInformation: false,
    intent: "arrivalReason",
    whose: "own",
    terms: "on",
    binding: "on",
    occupationalConfirmation: "on",
    analytics: "granted",
    returnTo: "/fi",
    privacyPolicy: "on",
    decision: "approve",
    insurer: "POHJOLA",
    reimbursement: "USE_REIMBURSEMENT",
    insuranceConsent: "on",
    insuranceOwner: "self",
    insuranceEventType: "illness",
    insurancePermit: "0123456789abcdef",
  };
}

const mapStrings = (o: Record<string, unknown>, f: (v: string) => unknown) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === "string" ? f(v) : v]));
const mapAll = (o: Record<string, unknown>, v: unknown) => Object.fromEntries(Object.keys(o).map((k) => [k, v]));
const json = (name: string, value: unknown): Payload => ({
  name,
  contentType: "application/json",
  body: JSON.stringify(value),
});
const formBody = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const form = (name: string, value: Record<string, unknown>): Payload => ({
  name,
  contentType: "application/x-www-form-urlencoded",
  body: formBody(value),
});

function corpus(ids: Ids): Payload[] {
  const base = baseFields(ids);
  const multipart = new FormData();
  for (const [k, v] of Object.entries(base)) multipart.set(k, String(v));
  const withFile = new FormData();
  withFile.set("intent", "arrivalReason");
  withFile.set("arrivalReason", new Blob(["file contents"], { type: "text/plain" }), "reason.txt");
  withFile.set("appointmentId", new Blob(["37"]), "id.txt");
  const intents = ["checkIn", "saveContact", "reserve", "insurance:check", "x".repeat(300)];
  return [
    { name: "no body" },
    { name: "empty JSON", contentType: "application/json", body: "" },
    { name: "empty form", contentType: "application/x-www-form-urlencoded", body: "" },
    json("plausible JSON", base),
    json("JSON null", null),
    json("JSON array", [base]),
    json("JSON empty array", []),
    json("JSON string", "appointmentId=1"),
    json("JSON number", 37),
    json("JSON true", true),
    json("JSON empty object", {}),
    { name: "malformed JSON", contentType: "application/json", body: '{"appointmentId":' },
    { name: "JSON with trailing garbage", contentType: "application/json", body: '{"a":1}}x' },
    { name: "deeply nested JSON", contentType: "application/json", body: "[".repeat(5000) + "]".repeat(5000) },
    {
      name: "JSON lone surrogate",
      contentType: "application/json",
      body: JSON.stringify(base).replace('"Kipeä polvi"', '"\\ud800x"'),
    },
    {
      name: "JSON __proto__",
      contentType: "application/json",
      body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"appointmentId":{"valueOf":1}}',
    },
    json("JSON fields as objects", mapAll(base, { a: 1 })),
    json("JSON fields as arrays", mapAll(base, ["x", 1])),
    json("JSON fields as numbers", mapAll(base, 1e21)),
    json("JSON fields as null", mapAll(base, null)),
    json("JSON fields as booleans", mapAll(base, true)),
    ...ODD_IDS.map((id) => json(`JSON appointmentId ${JSON.stringify(id)}`, { ...base, appointmentId: id })),
    json(
      "JSON NUL in every string",
      mapStrings(base, () => NUL),
    ),
    json(
      "JSON NUL appended",
      mapStrings(base, (v) => v + "\u0000"),
    ),
    json(
      "JSON control characters",
      mapStrings(base, (v) => v + CONTROL),
    ),
    json(
      "JSON huge strings",
      mapStrings(base, () => "x".repeat(2_500)),
    ),
    json("JSON one 90 kB string", { ...base, arrivalReason: "y".repeat(90_000), description: undefined }),
    json(
      "JSON SQL",
      mapStrings(base, () => SQL_PAYLOAD),
    ),
    json(
      "JSON HTML",
      mapStrings(base, () => HTML_PAYLOAD),
    ),
    json(
      "JSON unicode",
      mapStrings(base, (v) => v + UNICODE),
    ),
    form("plausible form", base),
    ...intents.map((intent) => form(`form intent ${intent.slice(0, 20)}`, { ...base, intent })),
    ...["0x25", " 37 ", "037", "true", "99999999999"].map((id) =>
      form(`form appointmentId ${JSON.stringify(id)}`, { ...base, appointmentId: id }),
    ),
    form(
      "form NUL in every field",
      mapStrings(base, () => NUL),
    ),
    // The same with each page intent, so the text reaches whichever branch of a page action reads it.
    ...["reserve", "saveContact", "checkIn", "insurance:verify"].map((intent) =>
      form(`form NUL, intent ${intent}`, { ...mapStrings(base, (v) => v + "\u0000"), intent }),
    ),
    form(
      "form control characters",
      mapStrings(base, (v) => v + CONTROL),
    ),
    form(
      "form huge fields",
      mapStrings(base, () => "z".repeat(2_500)),
    ),
    form(
      "form SQL",
      mapStrings(base, () => SQL_PAYLOAD),
    ),
    form(
      "form HTML",
      mapStrings(base, () => HTML_PAYLOAD),
    ),
    {
      name: "form bad percent-encoding",
      contentType: "application/x-www-form-urlencoded",
      body: `${formBody(base)}&arrivalReason=%E0%A4%A&ssn=%&x=%zz`,
    },
    {
      name: "form repeated keys",
      contentType: "application/x-www-form-urlencoded",
      body: `${formBody(base)}&appointmentId=1&appointmentId=2&intent=checkIn`,
    },
    { name: "multipart form", body: multipart },
    { name: "multipart with files", body: withFile },
    {
      name: "malformed multipart",
      contentType: "multipart/form-data; boundary=zzz",
      body: '--yyy\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
    },
    { name: "multipart without boundary", contentType: "multipart/form-data", body: "x" },
    { name: "text/plain", contentType: "text/plain", body: "arrivalReason=Kipeä polvi" },
    { name: "text/plain JSON", contentType: "text/plain", body: JSON.stringify(base) },
    {
      name: "XML",
      contentType: "application/xml",
      body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    },
    { name: "JSON without a content type", body: new Blob([JSON.stringify(base)]) },
    { name: "JSON as UTF-16", contentType: "application/json; charset=utf-16", body: JSON.stringify(base) },
    { name: "JSON content type variant", contentType: "application/vnd.api+json", body: JSON.stringify(base) },
    {
      name: "binary",
      contentType: "application/octet-stream",
      body: new Uint8Array([0, 255, 254, 192, 128, 0xe0, 0xa4]),
    },
    {
      name: "invalid UTF-8 form",
      contentType: "application/x-www-form-urlencoded",
      body: new Uint8Array([...Buffer.from("arrivalReason="), 0xff, 0xfe, 0xc0]),
    },
  ];
}

const QUERIES = [
  "",
  "?lang=xx",
  "?lang=%E0%A4%A&id=%",
  "?id=%00",
  `?id=${encodeURIComponent(SQL_PAYLOAD)}&lang=fi`,
  "?offset=1e999&startDate=2026-02-30&endDate=x&time=%00",
  `?specialtyIds=${"x".repeat(5_000)}&clinicIds=${encodeURIComponent(HTML_PAYLOAD)}`,
  "?clinicIds[]=1&clinicIds[x]=2&includeRemote=maybe&isKela65=1&isOccupationalHealthcare=true&isInsuranceCustomer=true",
  "?redirectTo=//evil.example&lang=fi&channel=web",
  "?redirectTo=%2Ffi%00&lang=fi&channel=%00",
  "?nextPath=javascript:alert(1)&mandate=child&eventType=%3Cscript%3E",
  "?error=%E0%A4%A&from=%",
  "?lang=%C0%AF&next=%ED%A0%80&id=%00%00&tab=%FF%FE",
  "?%ZZ=%ZZ&&&=&==&id&id=1&id=%F0%9F%98",
];

// --- ids and path parameters ---------------------------------------------------------------------

/** Values for each path parameter: the first is a valid one. */
function paramValues(name: string, ids: Ids): string[] {
  switch (name) {
    case "id":
    case "ids":
      return [
        String(ids.own),
        String(ids.freeSlot),
        String(ids.foreign),
        `${ids.own},${ids.foreign}`,
        "0",
        `0${ids.own}`,
        "0x25",
        " 37",
        "37.0",
        "2147483648",
        "\u0000",
        "%",
        SQL_PAYLOAD,
      ];
    case "token":
      return [
        ids.token,
        "x",
        "A".repeat(200),
        Buffer.from(`${ids.own}_${"A".repeat(22)}`).toString("base64url"),
        "\u0000",
        SQL_PAYLOAD,
      ];
    case "lang":
      return ["fi", "xx", "\u0000"];
    case "date":
      return ["2026-11-23", "2026-02-30", "99999-01-01", "x", "\u0000"];
    default:
      return ["1", "x"];
  }
}

/** Concrete paths for a route pattern: the valid fill first, then each parameter varied alone. */
function pathsFor(route: AppRoute, ids: Ids): string[] {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const fill = (values: Record<string, string>) =>
    "/" + route.path.replace(/:(\w+)/g, (_, n: string) => (values[n] === "%" ? "%" : encodeURIComponent(values[n])));
  const valid = Object.fromEntries(names.map((n) => [n, paramValues(n, ids)[0]]));
  const paths = [fill(valid)];
  for (const n of names) for (const v of paramValues(n, ids).slice(1)) paths.push(fill({ ...valid, [n]: v }));
  return paths;
}

// --- sending --------------------------------------------------------------------------------------

const csrfCookie = newCsrfCookieValue();
const token = boundCsrfToken(csrfCookie);
let userCookie = "";
let userToken = "";

async function freshLogin() {
  userCookie = cookiePair(await login(t.person("patient")));
  userToken = boundCsrfToken(csrfCookie, userCookie);
}

const BAD_COOKIES = [
  "session=%",
  "csrf=%E0%A4%A",
  `${CSRF_COOKIE()}=${csrfCookie}; session=%E0%A4%A`,
  "flash=%7B%22type",
  "flash=%",
  "analytics-consent=%",
  `csrf=${"x".repeat(4_000)}`,
  "=; ;;=x; session",
];

function headersFor(auth: Auth, payload?: Payload, cookieOverride?: string): Headers {
  const headers = new Headers();
  if (payload?.contentType) headers.set("Content-Type", payload.contentType);
  if (cookieOverride !== undefined) {
    headers.set("Cookie", cookieOverride);
    headers.set("X-CSRF-Token", token);
  } else if (auth !== "stranger") {
    headers.set(
      "Cookie",
      auth === "user" ? `${CSRF_COOKIE()}=${csrfCookie}; ${userCookie}` : `${CSRF_COOKIE()}=${csrfCookie}`,
    );
    headers.set("X-CSRF-Token", auth === "user" ? userToken : token);
  }
  return headers;
}

let counter = 0;
const failures: Failure[] = [];
const misshapen: Failure[] = [];

function isValidationAnswer(body: string): boolean {
  try {
    const value = JSON.parse(body) as { type?: unknown; details?: unknown };
    return (
      Object.keys(value).join() === "type,details" &&
      value.type === "ValidationError" &&
      Array.isArray(value.details) &&
      value.details.length > 0 &&
      value.details.every(
        (d) => Object.keys(d).join() === "path,message" && typeof d.path === "string" && typeof d.message === "string",
      )
    );
  } catch {
    return false;
  }
}
let sent = 0;

const GRAPHQL_PATTERN = "api/customer-messaging";

/** GraphQL over HTTP's error answer: `{ errors: [{ message, … }] }` and nothing of the data. */
function isGraphQLErrorAnswer(body: string): boolean {
  try {
    const value = JSON.parse(body) as { errors?: unknown; data?: unknown };
    return (
      Array.isArray(value.errors) &&
      value.errors.length > 0 &&
      value.errors.every((e: { message?: unknown }) => typeof e.message === "string") &&
      value.data == null
    );
  } catch {
    return false;
  }
}

async function send(
  method: string,
  path: string,
  auth: Auth,
  payload: Payload | undefined,
  pattern: string,
  cookie?: string,
): Promise<Response> {
  const request = new Request(new URL(path, ORIGIN), {
    method,
    headers: headersFor(auth, payload, cookie),
    body: method === "GET" || method === "HEAD" ? undefined : payload?.body,
  });
  // Rate limits count per client; a client address per request keeps every request reaching its action.
  counter += 1;
  const response = await handle(request, {
    clientIp: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
  });
  const body = method === "HEAD" ? "" : await response.text();
  sent += 1;
  // A logout (the page or the call) ends the session the next requests are meant to carry.
  if (
    auth === "user" &&
    cookie === undefined &&
    (response.headers.get("Set-Cookie") ?? "").includes(`${SESSION_COOKIE()}=;`)
  )
    await freshLogin();
  // Every 400 of a call is the spec's validation answer (the GraphQL endpoint's refused documents: a GraphQL error).
  if (
    response.status === 400 &&
    method !== "HEAD" &&
    pattern.startsWith("api/") &&
    !isValidationAnswer(body) &&
    !(pattern === GRAPHQL_PATTERN && isGraphQLErrorAnswer(body))
  ) {
    misshapen.push({
      method,
      path: path.slice(0, 120),
      pattern,
      payload: payload?.name ?? "-",
      auth,
      status: 400,
      body: body.slice(0, 200),
    });
  }
  if (response.status >= 500)
    failures.push({
      method,
      path: path.slice(0, 120),
      pattern,
      payload: payload?.name ?? "-",
      auth,
      status: response.status,
      body: body.slice(0, 200),
    });
  return response;
}

/** Whether a request got past the method and login checks to the part of an action that reads the body. */
function reachesAction(response: Response): boolean {
  const location = response.headers.get("Location");
  return (
    response.status !== 405 &&
    response.status !== 401 &&
    !(location && routeIdForPath(new URL(location, ORIGIN).pathname) === "login")
  );
}

function targets(): AppRoute[] {
  // Every route that takes a form post or is part of the /api contract.
  return appRoutes.filter((r) => r.path.startsWith("api/") || (r.hasAction && (!r.isPage || /^fi(\/|$)/.test(r.path))));
}

describe("malformed input", () => {
  let ids: Ids;
  beforeAll(async () => {
    ids = await findIds(t);
    await freshLogin();
  });

  // The time-out leaves room for a machine shared with other work (about 2 minutes alone).
  it("never causes a 5xx on any form action or /api route", { timeout: 480_000 }, async () => {
    const errorLog = vi.spyOn(logger, "error");
    // Whatever a page renders for bad input, its texts are among those it declares (app/lib/text-groups.ts).
    const missingTexts = new Set<string>();
    let current = "";
    onMissingText((key) => missingTexts.add(`${current}: ${key}`));
    const payloads = corpus(ids);
    const sample = payloads.filter((_, i) => i % 5 === 0);
    const plausibleJson = payloads.find((p) => p.name === "plausible JSON")!;
    const plausibleForm = payloads.find((p) => p.name === "plausible form")!;
    const routes = targets();
    expect(routes.length).toBeGreaterThan(20);
    const started = Date.now();
    for (const route of routes) {
      const [validPath, ...otherPaths] = pathsFor(route, ids);
      const mutations = route.isPage ? ["POST"] : ["POST", "PUT", "DELETE"];
      const pattern = route.path;
      current = pattern;
      const plausible = route.isPage ? plausibleForm : plausibleJson;
      // Without a CSRF token nothing may reach an action: a sample of the bodies shows it.
      for (const payload of sample) await send("POST", validPath, "stranger", payload, pattern);
      // With one, anonymous or logged in, every body goes where a plausible one gets past the method and login
      // checks; where it does not, the body is never read, and a sample shows that.
      for (const auth of ["anonymous", "user"] as const) {
        for (const method of mutations) {
          const probe = await send(method, validPath, auth, plausible, pattern);
          for (const payload of reachesAction(probe) ? payloads : sample)
            await send(method, validPath, auth, payload, pattern);
        }
      }
      for (const auth of route.isPage ? (["user"] as const) : (["anonymous", "user"] as const))
        for (const query of QUERIES) await send("GET", validPath + query, auth, undefined, pattern);
      for (const auth of ["stranger", "user"] as const)
        for (const method of ["HEAD", "OPTIONS"]) await send(method, validPath, auth, undefined, pattern);
      for (const path of otherPaths) {
        for (const auth of ["anonymous", "user"] as const) {
          await send("GET", path, auth, undefined, pattern);
          for (const method of mutations) await send(method, path, auth, plausible, pattern);
        }
      }
      for (const cookie of BAD_COOKIES) {
        await send("GET", validPath, "user", undefined, pattern, cookie);
        await send("POST", validPath, "user", plausibleForm, pattern, cookie);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${routes.length} routes, corpus of ${payloads.length} bodies, ${QUERIES.length} queries and ${BAD_COOKIES.length} cookie headers; ` +
        `${sent} requests in ${seconds} s; 5xx answers: ${failures.length}; /api 400s without validation details: ${misshapen.length}; ` +
        `errors logged: ${errorLog.mock.calls.length}`,
    );
    if (failures.length) {
      const grouped = new Map<string, Failure[]>();
      for (const f of failures) {
        const key = `${f.status} ${f.method} /${f.pattern}`;
        grouped.set(key, [...(grouped.get(key) ?? []), f]);
      }
      const lines = [...grouped].map(([key, list]) => {
        const examples = [
          ...new Set(
            list.map(
              (f) =>
                `${f.payload}${f.path.includes("?") ? ` ${f.path.slice(f.path.indexOf("?"), f.path.indexOf("?") + 30)}` : ""} [${f.auth}]`,
            ),
          ),
        ];
        return `${key} ×${list.length}: ${examples.slice(0, 4).join("; ")}${examples.length > 4 ? ` …(${examples.length})` : ""} — ${list[0].body.replace(/\s+/g, " ").slice(0, 100)}`;
      });
      console.log(lines.join("\n"));
    }
    const logged = [...errorLog.mock.calls];
    errorLog.mockRestore();
    expect(sent).toBeGreaterThan(1000);
    onMissingText(null);
    expect(failures).toEqual([]);
    expect([...missingTexts]).toEqual([]);
    expect(misshapen.slice(0, 10)).toEqual([]);
    // Bad input is the client's mistake: nothing of it is reported as a server error.
    expect(logged.slice(0, 5)).toEqual([]);
  });

  it("never causes a 5xx for a malformed path on any route, through Express", { timeout: 240_000 }, async () => {
    const errorLog = vi.spyOn(logger, "error");
    const before = failures.length;
    // Pages once (their Finnish paths: the others share modules and patterns) and every call.
    const routes = appRoutes.filter((r) => r.path !== "*" && (r.path.startsWith("api/") || /^fi(\/|$)/.test(r.path)));
    const bad = ["%ZZ", "%", "%C0%AF", "%ED%A0%80", "%00", "%E0%A4%A"];
    // Decodable but odd: they reach the routes' loaders.
    const odd = ["..", "%2E%2E", "x".repeat(4_000), "9".repeat(40), "-1", "1e999", "%2F", "%20", "%F0%9F%98%80"];
    const started = Date.now();
    let count = 0;
    const user = { Cookie: `${CSRF_COOKIE()}=${csrfCookie}; ${userCookie}` };
    const check = async (path: string, pattern: string, headers: Record<string, string> = {}) => {
      count += 1;
      sent += 1;
      const answer = await sendRawPath("GET", path, { headers });
      if (answer.status >= 500)
        failures.push({
          method: "GET",
          path: path.slice(0, 120),
          pattern,
          payload: "malformed path",
          auth: headers.Cookie ? "user" : "anonymous",
          status: answer.status,
          body: answer.text.slice(0, 200),
        });
      return answer;
    };
    // Each route gets two of the undecodable values in turn (all of them over the routes: the guard answers before
    // any route is matched), the odd ones where a parameter takes them to the route's loader, and the path's own
    // spellings with doubled slashes and dot segments.
    for (const [i, route] of routes.entries()) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const base = "/" + route.path.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(paramValues(n, ids)[0]));
      const withSegment = (segment: string) =>
        names.length ? "/" + route.path.replace(/:\w+/, segment).replace(/:(\w+)/g, "1") : `${base}/${segment}`;
      for (const segment of [bad[(2 * i) % bad.length], bad[(2 * i + 1) % bad.length]]) {
        const path = withSegment(segment);
        const answer = await check(path, route.path);
        expect([path, answer.status]).toEqual([path, 400]);
      }
      if (names.length) for (const segment of odd) await check(withSegment(segment), route.path, user);
      for (const path of [`/${base}`, `${base}/../${base.slice(1)}`]) await check(path, route.path);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`fuzz paths: ${routes.length} routes, ${count} requests through Express in ${seconds} s`);
    const logged = [...errorLog.mock.calls];
    errorLog.mockRestore();
    expect(failures.slice(before)).toEqual([]);
    expect(logged.slice(0, 5)).toEqual([]);
  });

  it("never causes a 5xx for a malformed GraphQL call", { timeout: 120_000 }, async () => {
    const errorLog = vi.spyOn(logger, "error");
    const before = failures.length;
    const misshapenBefore = misshapen.length;
    const path = `/${GRAPHQL_PATTERN}`;
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: customerMessagingInfo { maintenance }`).join(" ")} }`;
    const graphql = (name: string, value: unknown): Payload => json(`GraphQL ${name}`, value);
    const bodies: Payload[] = [
      graphql("deep literal", {
        query: `{ messagingThreadForCustomer(id: ${"[".repeat(20_000)}1${"]".repeat(20_000)}) { id } }`,
      }),
      graphql("deep object literal", {
        query: `{ messagingThreads(pagination: ${"{a: ".repeat(3_000)}1${"}".repeat(3_000)}) { totalCount } }`,
      }),
      graphql("deep selection", {
        query: `{ messagingThreads ${"{ paginatedThreads ".repeat(500)}${"}".repeat(500)} }`,
      }),
      graphql("huge string literal", { query: `{ messagingThreadForCustomer(id: "${"x".repeat(200_000)}") { id } }` }),
      graphql("huge block string", {
        query: `{ messagingThreadForCustomer(id: """${"x\n".repeat(10_000)}""") { id } }`,
      }),
      graphql("many tokens", { query: `{ customerMessagingInfo { ${"maintenance ".repeat(1_500)} } }` }),
      graphql("many aliases", { query: aliases(1_000) }),
      graphql("many operations", {
        query: Array.from({ length: 300 }, (_, i) => `query q${i} { customerMessagingInfo { maintenance } }`).join(" "),
        operationName: "q1",
      }),
      graphql("fragment cycle", {
        query: "{ messagingThreads { ...A } } fragment A on ThreadsPage { ...B } fragment B on ThreadsPage { ...A }",
      }),
      graphql("many directives", {
        query: `{ customerMessagingInfo ${"@skip(if: false) ".repeat(2_000)} { maintenance } }`,
      }),
      graphql("unterminated string", { query: '{ messagingThreadForCustomer(id: "abc) { id } }' }),
      graphql("NUL in the document", { query: "{ customerMessagingInfo { maintenance } }\u0000" }),
      graphql("lone surrogate", { query: '{ messagingThreadForCustomer(id: "\ud800") { id } }' }),
      graphql("query as array", { query: [MESSAGING_THREADS] }),
      graphql("query as number", { query: 1 }),
      graphql("query as object", { query: { kind: "Document", definitions: [] } }),
      graphql("variables as array", { query: MESSAGING_THREAD_FOR_CUSTOMER, variables: ["1"] }),
      graphql("variables as string", { query: MESSAGING_THREAD_FOR_CUSTOMER, variables: '{"id":"1"}' }),
      graphql("operationName as object", { query: MESSAGING_THREADS, operationName: { a: 1 } }),
      graphql("id as number", { query: MESSAGING_THREAD_FOR_CUSTOMER, variables: { id: 123 } }),
      graphql("id as array", { query: MESSAGING_THREAD_FOR_CUSTOMER, variables: { id: ["1"] } }),
      graphql("id as object", { query: MESSAGING_THREAD_FOR_CUSTOMER, variables: { id: { $gt: 0 } } }),
      graphql("id huge", { query: MESSAGING_THREAD_FOR_CUSTOMER, variables: { id: "9".repeat(5_000) } }),
      graphql("id deeply nested", {
        query: MESSAGING_THREAD_FOR_CUSTOMER,
        variables: { id: JSON.parse("[".repeat(1_000) + "]".repeat(1_000)) },
      }),
      graphql("message as string", { query: SEND_MESSAGE, variables: { threadId: "1", message: "hello" } }),
      graphql("message content as array", {
        query: SEND_MESSAGE,
        variables: { threadId: "1", message: { content: ["a"] } },
      }),
      graphql("answers as object", {
        query: ANSWER_QUESTIONNAIRE,
        variables: { questionnaireInvitationId: "1", answers: { a: 1 } },
      }),
      graphql("answers deeply nested", {
        query: ANSWER_QUESTIONNAIRE,
        variables: { questionnaireInvitationId: "1", answers: "[".repeat(50_000) + "]".repeat(50_000) },
      }),
      graphql("answers not an object", {
        query: ANSWER_QUESTIONNAIRE,
        variables: { questionnaireInvitationId: "1", answers: '{"a":' },
      }),
      graphql("missing variables", { query: ANSWER_QUESTIONNAIRE }),
      graphql("unknown variables", { query: MESSAGING_THREADS, variables: { x: 1, __proto__: { y: 1 } } }),
      graphql("batch", [{ query: MESSAGING_THREADS }, { query: MESSAGING_THREADS }]),
      { name: "GraphQL non-JSON", contentType: "application/json", body: "query { messagingThreads { totalCount } }" },
      { name: "GraphQL as application/graphql", contentType: "application/graphql", body: MESSAGING_THREADS },
      { name: "GraphQL truncated JSON", contentType: "application/json", body: '{"query":"{ messagingThreads' },
    ];
    const started = Date.now();
    for (const auth of ["anonymous", "user"] as const)
      for (const body of bodies) await send("POST", path, auth, body, GRAPHQL_PATTERN);
    for (const query of [
      `{ messagingThreadForCustomer(id: ${"[".repeat(5_000)}1${"]".repeat(5_000)}) { id } }`,
      aliases(500),
      "%ZZ",
    ])
      await send("GET", `${path}?query=${encodeURIComponent(query)}`, "user", undefined, GRAPHQL_PATTERN);
    await send("GET", `${path}?query=%ZZ&variables=%C0%AF&operationName=%ED%A0%80`, "user", undefined, GRAPHQL_PATTERN);
    console.log(`fuzz GraphQL: ${bodies.length} bodies, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const logged = [...errorLog.mock.calls];
    errorLog.mockRestore();
    expect(failures.slice(before)).toEqual([]);
    expect(misshapen.slice(misshapenBefore, misshapenBefore + 10)).toEqual([]);
    expect(logged.slice(0, 5)).toEqual([]);
  });
});
