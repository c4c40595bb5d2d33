import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { requestInfo } from "~/.server/context";

// Any path outside the route table: the root error boundary shows the 404 page in the path's language. A path
// that could not even be decoded comes here too (http-guards.ts `malformedPaths`) and is a bad request, and so does
// a page's post refused unread (`answerUnread`: too large, or not a form), with its status.
export function loader({ context }: Route.LoaderArgs) {
  const info = requestInfo(context);
  throw data(null, { status: info.refusedBody ?? (info.malformedPath ? 400 : 404) });
}

export default function NotFound() {
  return null;
}
