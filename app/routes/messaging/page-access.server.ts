import { data, type RouterContextProvider } from "react-router";
import { requestInfo, type RequestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import { getLang } from "~/.server/i18n";
import { requireUser, type UserSession } from "~/.server/guards";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import { customerMessagingUserId, messagingStatus, type MessagingStatus } from "~/features/messaging/messaging.server";

/**
 * What every messaging page's loader and action checks first: who may see the page (the brand's feature and a
 * customer messaging user), the service's status, and the thread id of the path.
 */

export type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
};

export type Access = { session: UserSession; lang: Lang; userId: string; info: RequestInfo };

export const notFound = () => data(null, { status: 404 });

/**
 * A messaging page exists only with the brand's `customer-messaging-allowed` feature and for a person who has a
 * customer messaging user (the acting person: a guardian acting for a child sees the child's, who has none).
 */
export async function requireMessaging({ request, context }: Args): Promise<Access> {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const info = requestInfo(context);
  if (!info.brand.features[info.environment].includes("customer-messaging-allowed")) throw notFound();
  const userId = await customerMessagingUserId(db(), session.actingPerson.id);
  if (!userId) throw notFound();
  return { session, lang, userId, info };
}

/** The status, or maintenance-less with no announcement when even that cannot be read (the page says why below). */
export async function statusOf(): Promise<MessagingStatus | null> {
  try {
    return await messagingStatus(db());
  } catch (error) {
    reportError(error, { where: "messagingStatus" });
    return null;
  }
}

/** The id of the path, or 404 for anything but a canonical id. */
export function threadIdOf(raw: string | undefined): number {
  const threadId = parseId(raw);
  if (threadId === null) throw notFound();
  return threadId;
}
