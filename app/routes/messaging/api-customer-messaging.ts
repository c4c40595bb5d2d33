import type { Route } from "./+types/api-customer-messaging";
import { allowMethods } from "~/.server/api";
import { serveMessagingGraphQL } from "~/features/messaging/graphql.server";

// Queries by GET, everything by POST (mutations only by POST: yoga refuses them over GET with 405).
export const middleware = [allowMethods("GET", "POST")];

/**
 * `/api/customer-messaging`: messaging's GraphQL endpoint (spec part 2 §7; contract in
 * features/messaging/schema.graphql.ts). The root middleware has already checked the CSRF token of a POST.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return serveMessagingGraphQL(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return serveMessagingGraphQL(request, context);
}
