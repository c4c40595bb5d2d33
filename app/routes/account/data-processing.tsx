import { data, redirect } from "react-router";
import type { Route } from "./+types/data-processing";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { CONSENT_CHOICES, consentSchema, type ConsentChoice } from "~/features/account/consent";
import { saveActingPersonConsent } from "~/features/account/consent.server";
import { ConsentForm } from "~/features/account/consent-form";
import { requireUser } from "~/.server/guards";
import { safeNextPath } from "~/features/session/login-options";
import { href } from "~/route-table";
import { ErrorSummary } from "~/ui/form";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import type { TextsHandle } from "~/lib/text-groups";

export function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  const p = session.actingPerson;
  return {
    updated: !!p.patientDataConsentUpdatedAt,
    choices: Object.fromEntries(CONSENT_CHOICES.map((c) => [c, p[c]])) as Record<ConsentChoice, boolean>,
  };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["account", "reservation"] } satisfies TextsHandle;

export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const parsed = consentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "account.consent.errors.acknowledgementRequired" }, { status: 400 });
  const { privacyPolicyAcknowledged: _, ...all } = parsed.data;
  await saveActingPersonConsent(db(), session, requestInfo(context).brand.id, all, now());
  const next = safeNextPath(new URL(request.url).searchParams.get("next"), href("home", lang));
  throw redirect(next, {
    headers: { "Set-Cookie": flashCookie({ type: "success", key: "reservation.consent.saved" }) },
  });
}

export default function DataProcessing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const title = t("reservation.consent.title");
  const error = actionData?.error ? t(actionData.error) : undefined;
  return (
    <div className="narrow">
      <PageTitle title={title} hasErrors={!!error} />
      <ErrorSummary
        errors={error ? [{ id: "privacyPolicyAcknowledged", message: error }] : []}
        fieldOrder={["privacyPolicyAcknowledged"]}
      />
      <h1>{title}</h1>
      <p className="lead">{t("reservation.consent.intro")}</p>
      <ConsentForm
        submitLabel={t("reservation.consent.submit")}
        updated={loaderData.updated}
        choices={loaderData.choices}
        error={error}
      />
    </div>
  );
}
