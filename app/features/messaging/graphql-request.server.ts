import { readBody, validationError, type ValidationDetail } from "~/.server/api";
import { GRAPHQL_MAX_BODY_BYTES } from "~/.server/http-guards";
import { firstUnplainPath, isPlainText } from "~/lib/text";
import { refuseOversizedDocument } from "./graphql-limits.server";

type GraphQLParams = { query: string; variables?: Record<string, unknown>; operationName?: string };

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The GraphQL request in an HTTP request: `query`, optional `variables` (an object) and `operationName`, from the
 * query string of a GET or the JSON body of a POST. Anything else is the portal's 400 validation answer, so a call
 * that is not a GraphQL request at all gets the same answer as every other /api call.
 */
export async function graphqlParams(request: Request): Promise<GraphQLParams> {
  const details: ValidationDetail[] = [];
  let raw: Record<string, unknown>;
  if (request.method === "POST") {
    // The server's body limit (app.ts) holds this already; checked again for a handler without it.
    const tooLarge = () => new Response(null, { status: 413 });
    if (Number(request.headers.get("Content-Length") ?? 0) > GRAPHQL_MAX_BODY_BYTES) throw tooLarge();
    if (!JSON_TYPE.test(request.headers.get("Content-Type") ?? ""))
      throw validationError([{ path: "", message: "Unsupported content type: send application/json" }]);
    const text = await request.text();
    if (Buffer.byteLength(text) > GRAPHQL_MAX_BODY_BYTES) throw tooLarge();
    raw = await readBody(new Request(request.url, { method: "POST", headers: request.headers, body: text }));
  } else {
    const search = new URL(request.url).searchParams;
    raw = {};
    for (const name of ["query", "variables", "operationName"]) {
      const value = search.get(name);
      if (value === null) continue;
      if (!isPlainText(value)) details.push({ path: name, message: "Invalid characters" });
      else if (name !== "variables") raw[name] = value;
      else
        try {
          raw.variables = JSON.parse(value);
        } catch {
          details.push({ path: "variables", message: "Malformed JSON" });
        }
    }
    const bad = firstUnplainPath(raw.variables);
    if (bad !== null) details.push({ path: `variables.${bad}`, message: "Invalid characters" });
  }
  const { query, variables, operationName } = raw;
  if (typeof query !== "string" || !query.trim())
    details.push({ path: "query", message: "Expected a GraphQL document (a string)" });
  if (variables != null && (typeof variables !== "object" || Array.isArray(variables)))
    details.push({ path: "variables", message: "Expected an object" });
  if (operationName != null && typeof operationName !== "string")
    details.push({ path: "operationName", message: "Expected a string" });
  if (details.length) throw validationError(details);
  refuseOversizedDocument(query as string);
  return {
    query: query as string,
    ...(variables != null ? { variables: variables as Record<string, unknown> } : {}),
    ...(operationName != null ? { operationName: operationName as string } : {}),
  };
}
