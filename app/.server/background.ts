import { BACKGROUND_HEADER, BACKGROUND_PARAM } from "~/route-table";

/**
 * Whether the browser sent this request on its own (a poll) rather than for the person: such a request does not
 * extend the session and a read it repeats is not logged again. Anyone may mark a request so; all they gain is a
 * session that does not stay alive.
 */
export function isBackgroundRequest(request: Request): boolean {
  return (
    request.headers.get(BACKGROUND_HEADER) === "1" || new URL(request.url).searchParams.get(BACKGROUND_PARAM) === "1"
  );
}
