import { data, type MiddlewareFunction } from "react-router";
import { MAX_JSON_DEPTH, firstUnplainPath, isPlainText, nestsDeeperThan } from "~/lib/text";

/**
 * The shared edge of the JSON calls (/api/*) and form posts: reading a body that may be anything, the spec's
 * validation answer, and the methods a call takes. Bad input is answered here with a 4xx, so it never reaches
 * a service or the database as something the code did not expect.
 */

/** One entry of a validation answer: a dotted path (`"appointmentId"`, `"items.0.name"`) and a message. */
export type ValidationDetail = { path: string; message: string };

/** The spec's validation answer: 400 `{ type: "ValidationError", details: [{ path, message }] }`. */
export function validationError(details: ValidationDetail[], init: { headers?: HeadersInit } = {}) {
  return data({ type: "ValidationError" as const, details }, { status: 400, headers: init.headers });
}

/** zod issues as validation details; `translate` turns the schemas' message keys into text. */
export function issueDetails(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  translate: (key: string) => string = (key) => key,
): ValidationDetail[] {
  return issues.map((i) => ({ path: i.path.map(String).join("."), message: translate(i.message) }));
}

// --- methods ---------------------------------------------------------------------------------------

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** 405 with the `Allow` header (GET implies HEAD). */
export function methodNotAllowed(allowed: readonly Method[]) {
  const allow = allowed.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])).join(", ");
  return data({ type: "MethodNotAllowed" as const }, { status: 405, headers: { Allow: allow } });
}

/**
 * Route middleware of an /api route: every method but `methods` (OPTIONS too — the calls are same-origin only,
 * so there is no CORS preflight to answer) gets 405 with `Allow` before the loader or action runs. Without it a
 * GET on an action-only route would be React Router's 400 "no loader" error. Use:
 * `export const middleware = [allowMethods("POST")];`
 */
export function allowMethods(...methods: Method[]): MiddlewareFunction<Response> {
  const allowed = new Set<string>(methods.includes("GET") ? [...methods, "HEAD"] : methods);
  return ({ request }, next) => {
    if (!allowed.has(request.method)) throw methodNotAllowed(methods);
    return next();
  };
}

// --- bodies ----------------------------------------------------------------------------------------

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").trim();
}

function refuse(path: string, message: string): never {
  throw validationError([{ path, message }]);
}

/** Form fields as an object of strings (the last of repeated keys); a file, or text that is not plain, is refused. */
function formObject(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (!isPlainText(key)) refuse(key, "Invalid characters in a field name");
    if (typeof value !== "string") refuse(key, "Expected text, not a file");
    if (!isPlainText(value)) refuse(key, "Invalid characters");
    body[key] = value;
  }
  return body;
}

/**
 * The body of a JSON call as a plain object. JSON (`application/json`, `application/*+json`) or a form
 * (url-encoded or multipart); an empty body without a content type is `{}`. Anything else is thrown as a 400
 * validation answer: another content type, malformed JSON, a JSON value that is not an object (`null`, an array,
 * a string…), a file field, or a string anywhere in it with control characters.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (JSON_TYPE.test(type)) {
    let value: unknown;
    try {
      value = JSON.parse(await request.text());
    } catch {
      refuse("", "Malformed JSON");
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) refuse("", "Expected a JSON object");
    if (nestsDeeperThan(value, MAX_JSON_DEPTH)) refuse("", "Nested too deeply");
    const bad = firstUnplainPath(value);
    if (bad !== null) refuse(bad, "Invalid characters");
    return value as Record<string, unknown>;
  }
  if (FORM_TYPE.test(type)) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      refuse("", "Malformed form data");
    }
    return formObject(form);
  }
  if (!type && (await request.text()) === "") return {};
  refuse("", "Unsupported content type: send application/json");
}

/**
 * The form of a page's post (url-encoded or multipart). Any other body is not a form this portal sent, so it is
 * refused with a bare 400 (the page's error view) before the action looks at it. Text fields are checked by the
 * page's schema, which re-renders the form with field errors.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPE.test(mediaType(request))) throw data(null, { status: 400 });
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}
