import { data } from "react-router";
import type { Route } from "./+types/api-session";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { sessionState } from "~/.server/context";

export const middleware = [allowMethods("GET", "POST")];

/**
 * GET: when does the session expire (does not extend it). POST (with CSRF token): extend it.
 * Used by the expiry warnings of hydrated pages.
 */
function status(context: Route.LoaderArgs["context"]) {
  const session = sessionState(context);
  return data({
    expiresAt: session.status === "valid" ? session.expiresAt.toISOString() : null,
    now: now().toISOString(),
  });
}

export const loader = ({ context }: Route.LoaderArgs) => status(context);
export const action = ({ context }: Route.ActionArgs) => status(context);
