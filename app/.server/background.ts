import { BACKGROUND_HEADER, BACKGROUND_PARAM } from "~/route-table/api-paths";

/**
 * Whether the browser sent this request on its own (a poll) rather than for the person: such a request does not
 * extend the session and a read it repeats is not logged again. Anyone may mark a request so; all they gain is a
 * session that does not stay alive.
 */
export function isBackgroundRequest(request: Request): boolean {
  return isBackground(request.headers.get(BACKGROUND_HEADER), new URL(request.url).searchParams.get(BACKGROUND_PARAM));
}

/** The same rule on a request's header and query value, as Express gives them (the drain, readiness.ts). */
export function isBackground(header: unknown, query: unknown): boolean {
  return header === "1" || query === "1";
}
