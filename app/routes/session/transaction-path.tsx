import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/transaction-path";
import { readForm } from "~/.server/api";
import { getLang } from "~/.server/i18n";
import { GUARDIAN_ERROR_TOAST_MS, guardianErrorKey } from "~/features/session/transaction-path";
import { transactionPathSchema } from "~/features/session/transaction-path.schema";
import { href } from "~/route-table";
import { ErrorSummary, Radios } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { PageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import type { RouteHandle } from "~/ui/layout";
import { NotificationBanner, useToast } from "~/ui/notifications";
import type { TextsHandle } from "~/lib/text-groups";

export function loader({ request }: Route.LoaderArgs) {
  return { errorKey: guardianErrorKey(new URL(request.url).searchParams.get("error")) };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = {
  hideNavigation: true,
  hideFooter: true,
  languageSwitchToHome: true,
  i18n: ["session.transactionPath"],
} satisfies TextsHandle & RouteHandle;

export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const submission = parseWithZod(await readForm(request), { schema: transactionPathSchema });
  if (submission.status !== "success")
    return data({ error: "session.transactionPath.errors.required" }, { status: 400 });
  // Each choice has its own next URL: a child's data through the mandate service, one's own with plain login.
  const query =
    submission.value.whose === "child"
      ? { mandate: "child", nextPath: href("home", lang) }
      : { nextPath: href("home", lang) };
  throw redirect(href("login", lang, {}, query));
}

export default function TransactionPath({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const { show } = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (hydrated && loaderData.errorKey && !shown.current) {
      shown.current = true;
      show({
        type: "error",
        message: `${t(loaderData.errorKey)} ${t("session.transactionPath.errors.note")}`,
        timeoutMs: GUARDIAN_ERROR_TOAST_MS,
      });
    }
  }, [hydrated, loaderData.errorKey, show, t]);
  const title = t("session.transactionPath.title");
  const formError = actionData?.error ? t(actionData.error) : undefined;
  return (
    <div className="narrow">
      <PageTitle title={title} hasErrors={!!formError} />
      <ErrorSummary errors={formError ? [{ id: "whose", message: formError }] : []} fieldOrder={["whose"]} />
      {loaderData.errorKey && !hydrated ? (
        <NotificationBanner type="error">
          <p>{t(loaderData.errorKey)}</p>
          <p>{t("session.transactionPath.errors.note")}</p>
        </NotificationBanner>
      ) : null}
      <h1>{title}</h1>
      <Form method="post">
        <CsrfField />
        <Radios
          name="whose"
          legend={t("session.transactionPath.question")}
          error={formError}
          options={[
            { value: "child", label: t("session.transactionPath.child"), hint: t("session.transactionPath.childHint") },
            { value: "own", label: t("session.transactionPath.own"), hint: t("session.transactionPath.ownHint") },
          ]}
        />
        <button type="submit" className="button">
          {t("session.transactionPath.continue")}
        </button>
      </Form>
    </div>
  );
}
