import type { Route } from "./+types/conversations";
import { ConversationList } from "~/features/messaging/conversation-list";
import { AnnouncementBox, EmergencyNotice, MaintenanceNotice } from "~/features/messaging/notices";
import { pollSafely, usePagePolling } from "~/features/messaging/page-polling";
import { conversationsLoader } from "./pages.server";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { Pager } from "~/ui/pager";
import { useLang } from "~/ui/root-data";
import { href } from "~/route-table";

export const handle = { i18n: ["messaging.common", "messaging.list"] } satisfies TextsHandle;

export function loader(args: Route.LoaderArgs) {
  return conversationsLoader(args);
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return pollSafely(request, serverLoader, () => ({ state: "error" as const, announcement: null, pollMs: 0 }));
}

export default function Conversations({ loaderData: loaded }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const title = t("messaging.list.title");
  const loaderData = useListRefresh(loaded);
  return (
    <div className="narrow-wide conversations-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {loaderData.state === "maintenance" ? (
        <MaintenanceNotice />
      ) : (
        <p>
          <LocalizedLink to="newConversation" className="button">
            {t("messaging.list.newConversation")}
          </LocalizedLink>
        </p>
      )}
      <AnnouncementBox announcement={loaderData.announcement} />
      <EmergencyNotice />
      {loaderData.state === "error" ? (
        <div className="banner banner--error" role="alert">
          <p className="banner__title">{t("common.notice.error")}</p>
          <div className="banner__content">
            <p>{t("messaging.list.loadFailed")}</p>
          </div>
        </div>
      ) : null}
      {loaderData.state === "ok" ? (
        <>
          <ConversationList threads={loaderData.threads} />
          <Pager
            page={loaderData.page}
            pages={loaderData.pages}
            texts="messaging.list.pagination"
            pageHref={(n) => href("conversations", lang, {}, n > 1 ? { page: String(n) } : undefined)}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * The list is refreshed every two minutes while open (spec part 2 §7) by loading the page's data again, as a poll
 * (`?background=1`, see usePagePolling): it neither keeps the session alive nor adds a "who viewed my data" row
 * each time. A failed load shows the error and ends the refreshing (the loader answers with the error state). Each
 * load of the page starts a fresh poll, so another page's list never shows through.
 */
function useListRefresh(loaded: Route.ComponentProps["loaderData"]) {
  const polled = usePagePolling<typeof loaded>({
    key: `conversations:${loaded.state === "ok" ? loaded.now : ""}`,
    href: loaded.state === "ok" ? loaded.pollHref : "",
    intervalMs: loaded.state === "ok" ? loaded.pollMs : null,
    continues: (answer) => answer.state === "ok",
  });
  return polled ?? loaded;
}
