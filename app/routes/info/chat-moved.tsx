import type { Route } from "./+types/chat-moved";
import { requireFeature } from "~/.server/features";
import { ChatMovedView } from "~/features/info/chat-moved-view";
import type { TextsHandle } from "~/lib/text-groups";
import { isRoutePath } from "~/route-table";

export const handle = { i18n: ["info.chat"] } satisfies TextsHandle;

/**
 * The chat has moved to the mobile app (feature `pikkutsatti`; without it the pages are not found): the menu's
 * page, and the payment-intent variant that an old link to pay for a chat opens. Anonymous or logged in.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireFeature(context, "pikkutsatti");
  const payment = isRoutePath(new URL(request.url).pathname, "chatMovedPayment");
  return { page: payment ? ("payment" as const) : ("moved" as const) };
}

export default function ChatMoved({ loaderData }: Route.ComponentProps) {
  return <ChatMovedView page={loaderData.page} />;
}
