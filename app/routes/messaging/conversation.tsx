import type { Route } from "./+types/conversation";
import { ConversationPage } from "~/features/messaging/conversation-page";
import { pollSafely } from "~/features/messaging/page-polling";
import { replyAction } from "./page-actions.server";
import { conversationLoader } from "./pages.server";
import type { TextsHandle } from "~/lib/text-groups";

export const handle = {
  i18n: ["messaging.common", "messaging.form", "messaging.thread"],
} satisfies TextsHandle;

/**
 * Opening the thread marks it read; another person's thread, or an id that is not one, is 404. The open page polls
 * this loader too (`?background=1`): that marks nothing read and never redirects (see conversationLoader).
 */
export function loader(args: Route.LoaderArgs) {
  return conversationLoader(args);
}

export function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  return pollSafely(request, serverLoader, () => ({ state: "error" as const, threadId: params.threadId, pollMs: 0 }));
}

/** The reply: text or attachments (files without JavaScript, uploaded files' keys with it); refused when closed. */
export function action(args: Route.ActionArgs) {
  return replyAction(args);
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  return <ConversationPage page={loaderData} answer={actionData} />;
}
