import type { Route } from "./+types/childrens-service";
import { requireFeature } from "~/.server/features";
import { ChatMovedView } from "~/features/info/chat-moved-view";
import type { TextsHandle } from "~/lib/text-groups";
import type { RouteHandle } from "~/ui/layout";

/** An anonymous page type (spec part 2 §2): no menu or footer, the language links only. */
export const handle = { i18n: ["info.chat"], hideNavigation: true } satisfies TextsHandle & RouteHandle;

/** The anonymous children's-service page: the chat has moved to the app (feature `pikkutsatti`), and a log-in link. */
export function loader({ context }: Route.LoaderArgs) {
  requireFeature(context, "pikkutsatti");
  return null;
}

export default function ChildrensService() {
  return <ChatMovedView page="childrensService" />;
}
