import type { Route } from "./+types/new-conversation";
import { MessageForm, summaryOf, useMessageErrors } from "~/features/messaging/message-form";
import { MESSAGE_FIELDS } from "~/features/messaging/message-view";
import { MessageField, NewMessageNotes, RecipientField, SubjectField } from "~/features/messaging/new-message-fields";
import { AnnouncementBox, MaintenanceNotice } from "~/features/messaging/notices";
import { newConversationAction } from "./page-actions.server";
import { newConversationLoader } from "./pages.server";
import type { TextsHandle } from "~/lib/text-groups";
import { ErrorSummary } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";

export const handle = {
  i18n: ["messaging.common", "messaging.form", "messaging.newConversation"],
} satisfies TextsHandle;

export function loader(args: Route.LoaderArgs) {
  return newConversationLoader(args);
}

/** One multipart post: the files themselves without JavaScript, the uploaded files' keys with it. */
export function action(args: Route.ActionArgs) {
  return newConversationAction(args);
}

export default function NewConversation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { errors, setClientErrors } = useMessageErrors(actionData);
  const summary = summaryOf(errors, t, loaderData.limits);
  const title = t("messaging.newConversation.title");
  const maintenance = loaderData.state === "maintenance" || actionData?.failure === "maintenance";
  return (
    <div className="narrow">
      <PageTitle title={title} hasErrors={summary.length > 0} />
      <ErrorSummary errors={summary} fieldOrder={MESSAGE_FIELDS} />
      <h1>{title}</h1>
      <AnnouncementBox announcement={loaderData.announcement} />
      {maintenance || loaderData.state !== "ok" ? (
        <MaintenanceNotice />
      ) : (
        <>
          <p className="lead">{t("messaging.newConversation.intro")}</p>
          <MessageForm
            mode="new"
            action={loaderData.formAction}
            answer={actionData}
            errors={errors}
            onClientErrors={setClientErrors}
            limits={loaderData.limits}
            fieldsBefore={
              <>
                <RecipientField href={loaderData.recipientHref} team={loaderData.team} />
                <SubjectField answer={actionData} errors={errors} limits={loaderData.limits} />
                <MessageField answer={actionData} errors={errors} limits={loaderData.limits} />
              </>
            }
            fieldsAfter={<NewMessageNotes />}
          />
        </>
      )}
      <p>
        <LocalizedLink to="conversations">{t("messaging.common.backToList")}</LocalizedLink>
      </p>
    </div>
  );
}
