import { data, redirect } from "react-router";
import type { Route } from "./+types/my-information";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { consentSchema } from "~/features/account/consent";
import { saveActingPersonConsent } from "~/features/account/consent.server";
import { ConsentForm } from "~/features/account/consent-form";
import { ContactForm, contactFieldId } from "~/features/my-information/contact-form";
import { EMPTY_GUARDIAN, GuardianForms, type GuardianValues } from "~/features/my-information/guardian-forms";
import {
  CONTACT_FIELDS,
  GUARDIAN_FIELDS,
  MAX_GUARDIANS,
  guardianFieldName,
  guardiansFromForm,
} from "~/features/my-information/my-information-fields";
import { KelaCard } from "~/features/my-information/kela-card";
import { kelaCardImages } from "~/features/my-information/kela-card.server";
import {
  loadMyInformation,
  removeSecondGuardian,
  saveGuardianOwnDetails,
  saveUserInformation,
  type SaveResult,
} from "~/features/my-information/my-information.server";
import {
  encodeSaveAction,
  initialTab,
  parseSaveAction,
  saveActionTarget,
  type MyInformationTab,
} from "~/features/my-information/save-action";
import { MyInformationTabs } from "~/features/my-information/tabs";
import { SmsLoginSection } from "~/features/my-information/sms-login-section";
import { smsLoginAction, smsLoginView } from "~/features/my-information/sms-login.server";
import { formatTime } from "~/lib/format";
import { requireUser } from "~/.server/guards";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { ErrorSummary, errorEntries } from "~/ui/form";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";

export const handle = { i18n: ["contact", "account.consent", "myInformation"] } satisfies TextsHandle;

type FormName = "contact" | "guardianOwn" | "guardians" | "consent" | "smsLogin";

function pageState(request: Request) {
  const query = new URL(request.url).searchParams;
  const saveAction = parseSaveAction(query.get("saveAction"));
  return { query, saveAction, tab: initialTab(query.get("tab"), saveAction) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  const { query, saveAction, tab: requested } = pageState(request);
  const info = await loadMyInformation(db(), session);
  const tab: MyInformationTab = requested === "guardians" && !info.guardians ? "contact" : requested;
  const request_ = requestInfo(context);
  const smsLogin =
    tab === "contact"
      ? await smsLoginView(session.user, info.actingForChild, request_.brand, request_.environment)
      : null;
  return {
    ...info,
    smsLogin,
    smsLoginNextAttempt:
      smsLogin?.type === "locked" ? formatTime(new Date(smsLogin.nextAttempt), getLang(context)) : undefined,
    tab,
    adding: query.get("addGuardian") === "1",
    actingName: info.actingForChild ? `${session.actingPerson.firstName} ${session.actingPerson.lastName}` : null,
    saveAction: saveAction ? encodeSaveAction(saveAction) : null,
    kelaCard: tab === "contact" ? await kelaCardImages(db(), session) : null,
  };
}

function failure(form: FormName, result: Exclude<SaveResult, { type: "saved" }>, values: Record<string, unknown>) {
  if (result.type === "failed") return data({ form, failed: true, errors: {}, values }, { status: 500 });
  return data({ form, failed: false, errors: result.errors, values }, { status: 400 });
}

function succeed(request: Request, lang: Lang, tab: MyInformationTab, key: string) {
  const { saveAction } = pageState(request);
  const here = href("myInformation", lang, {}, { tab: tab === "contact" ? undefined : tab });
  throw redirect(saveActionTarget(saveAction, lang, here), {
    headers: { "Set-Cookie": flashCookie({ type: "success", key }) },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const formData = await readForm(request);
  const form = Object.fromEntries([...formData].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const { csrfToken: _, intent, ...values } = form;
  if (intent?.startsWith("smsLogin")) {
    if (session.actingPerson.id !== session.user.id) throw data(null, { status: 404 });
    const info = requestInfo(context);
    const outcome = await smsLoginAction(session.user, intent, formData, {
      brandId: info.brand.id,
      lang,
      clientIp: info.clientIp,
    });
    if (outcome.type === "error")
      return data(
        {
          form: "smsLogin" as const,
          failed: false,
          errors: { [outcome.key.endsWith(".code") ? "smsCode" : "smsLogin"]: outcome.key },
          values: {},
        },
        {
          status: outcome.status,
        },
      );
    const here = href(
      "myInformation",
      lang,
      {},
      { saveAction: pageState(request).query.get("saveAction") ?? undefined },
    );
    throw redirect(
      `${here}#sms-login-heading`,
      outcome.flash ? { headers: { "Set-Cookie": flashCookie(outcome.flash) } } : undefined,
    );
  }
  if (intent === "contact") {
    const result = await saveUserInformation(db(), session, { contact: values });
    if (result.type !== "saved") return failure("contact", result, values);
    return succeed(request, lang, "contact", "myInformation.saved.contact");
  }
  if (intent === "guardianOwn") {
    const result = await saveGuardianOwnDetails(db(), session, values);
    // The form exists only while a guardian acts for a child.
    if (result.type === "forbidden") throw data(null, { status: 404 });
    if (result.type !== "saved") return failure("guardianOwn", result, values);
    return succeed(request, lang, "contact", "myInformation.saved.ownContact");
  }
  if (intent === "guardians") {
    const result = await saveUserInformation(db(), session, { guardians: guardiansFromForm(values) });
    if (result.type !== "saved") return failure("guardians", result, values);
    return succeed(request, lang, "guardians", "myInformation.saved.guardians");
  }
  if (intent === "removeGuardian") {
    const result = await removeSecondGuardian(db(), session);
    if (!result) throw data(null, { status: 404 });
    if (result.type !== "saved") return failure("guardians", result, values);
    return succeed(request, lang, "guardians", "myInformation.saved.guardianRemoved");
  }
  if (intent === "consent") {
    const parsed = consentSchema.safeParse(values);
    if (!parsed.success)
      return failure(
        "consent",
        { type: "invalid", errors: { privacyPolicyAcknowledged: "account.consent.errors.acknowledgementRequired" } },
        values,
      );
    const { privacyPolicyAcknowledged: __, ...choices } = parsed.data;
    await saveActingPersonConsent(db(), session, requestInfo(context).brand.id, choices, now());
    return succeed(request, lang, "consent", "myInformation.saved.consent");
  }
  throw data(null, { status: 400 });
}

/** The posted guardian entries, to show again with their errors. */
function postedGuardians(values: Record<string, unknown>): GuardianValues[] {
  return guardiansFromForm(values).map((entry) => {
    const out = { ...EMPTY_GUARDIAN, isGuardianHasSameAddress: entry.isGuardianHasSameAddress === "on" };
    for (const field of GUARDIAN_FIELDS)
      if (field !== "isGuardianHasSameAddress" && typeof entry[field] === "string") out[field] = entry[field];
    return out;
  });
}

function errorIdOf(form: FormName | undefined, name: string): string {
  if (form === "contact" || form === "guardianOwn") return contactFieldId(form, name);
  const guardian = /^guardians\.(\d)\.(\w+)$/.exec(name);
  if (!guardian) return name;
  return guardianFieldName(Number(guardian[1]), guardian[2] as (typeof GUARDIAN_FIELDS)[number]);
}

/** The ids of the posted form's fields, in the order the page shows them (the error summary's order). */
function fieldOrderOf(form: FormName | undefined): string[] {
  switch (form) {
    case "contact":
      return [...CONTACT_FIELDS, "language"].map((name) => contactFieldId(form, name));
    case "guardianOwn":
      return CONTACT_FIELDS.map((name) => contactFieldId(form, name));
    case "guardians":
      return Array.from({ length: MAX_GUARDIANS }, (_, i) =>
        GUARDIAN_FIELDS.map((f) => guardianFieldName(i, f)),
      ).flat();
    case "consent":
      return ["privacyPolicyAcknowledged"];
    case "smsLogin":
      return ["smsLogin", "smsCode"];
    default:
      return [];
  }
}

export default function MyInformation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { tab, saveAction } = loaderData;
  const posted = actionData?.form;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const summary = errorEntries(
    errors,
    (key) => t(key),
    (name) => errorIdOf(posted, name),
  );
  const tabs: MyInformationTab[] = loaderData.guardians ? ["contact", "guardians", "consent"] : ["contact", "consent"];
  const query = (extra: Record<string, string | undefined> = {}) => ({
    tab: tab === "contact" ? undefined : tab,
    saveAction: saveAction ?? undefined,
    ...extra,
  });
  const action = href("myInformation", lang, {}, query());
  const values = (
    posted === "contact" ? { ...loaderData.contact, ...actionData?.values } : loaderData.contact
  ) as Record<string, string>;
  const ownValues = (
    posted === "guardianOwn" ? { ...loaderData.ownContact, ...actionData?.values } : (loaderData.ownContact ?? {})
  ) as Record<string, string>;
  const saved = (loaderData.guardians ?? []).map((g) => ({
    ...g,
    streetAddress: g.streetAddress ?? "",
    zipCode: g.zipCode ?? "",
    postOffice: g.postOffice ?? "",
  }));
  const guardianEntries =
    posted === "guardians" && actionData?.values
      ? postedGuardians(actionData.values)
      : loaderData.adding && saved.length === 1
        ? [...saved, EMPTY_GUARDIAN]
        : saved;
  const title = t("myInformation.title");
  return (
    <div className="narrow">
      <PageTitle title={`${t(`myInformation.tabs.${tab}`)} – ${title}`} hasErrors={summary.length > 0} />
      <ErrorSummary errors={summary} fieldOrder={fieldOrderOf(posted)} />
      <h1>{title}</h1>
      {loaderData.actingName ? (
        <p className="lead">{t("myInformation.actingFor", { name: loaderData.actingName })}</p>
      ) : null}
      {actionData?.failed ? (
        <NotificationBanner type="error">
          <p>{t("myInformation.errors.failed")}</p>
        </NotificationBanner>
      ) : null}
      <MyInformationTabs current={tab} tabs={tabs} saveAction={saveAction} />
      <section className="tab-panel" aria-labelledby="tab-heading">
        <h2 id="tab-heading">{t(`myInformation.${tab}.heading`)}</h2>
        {tab === "contact" ? (
          <>
            <p>{t("myInformation.contact.intro")}</p>
            <ContactForm
              key={JSON.stringify(values)}
              action={action}
              values={values}
              errors={posted === "contact" ? errors : {}}
            />
            {loaderData.ownContact ? (
              <>
                <h2 id="own-contact-heading">{t("myInformation.ownContact.heading")}</h2>
                <p>{t("myInformation.ownContact.intro")}</p>
                <ContactForm
                  key={JSON.stringify(ownValues)}
                  intent="guardianOwn"
                  labelledBy="own-contact-heading"
                  action={action}
                  values={ownValues}
                  errors={posted === "guardianOwn" ? errors : {}}
                />
              </>
            ) : null}
            {loaderData.smsLogin ? (
              <SmsLoginSection
                view={loaderData.smsLogin}
                action={action}
                error={posted === "smsLogin" ? (errors.smsCode ?? errors.smsLogin) : undefined}
                nextAttempt={loaderData.smsLoginNextAttempt}
              />
            ) : null}
            <KelaCard layout="section" images={loaderData.kelaCard} />
            <h2>{t("myInformation.more.heading")}</h2>
            <ul className="link-list">
              <li>
                <LocalizedLink to="myInformationSessions">{t("myInformation.more.sessions")}</LocalizedLink>
              </li>
              <li>
                <LocalizedLink to="dataAccessLog">{t("myInformation.more.dataAccess")}</LocalizedLink>
              </li>
              <li>
                <LocalizedLink to="logout">{t("myInformation.more.logout")}</LocalizedLink>
              </li>
            </ul>
          </>
        ) : tab === "guardians" ? (
          <>
            <p>{t("myInformation.guardians.intro")}</p>
            <GuardianForms
              key={JSON.stringify(guardianEntries)}
              action={action}
              entries={guardianEntries}
              savedCount={saved.length}
              errors={posted === "guardians" ? errors : {}}
              addHref={href("myInformation", lang, {}, query({ addGuardian: "1" }))}
              cancelAddHref={action}
            />
          </>
        ) : (
          <ConsentForm
            action={action}
            intent="consent"
            submitLabel={t("myInformation.consent.submit")}
            updated={loaderData.consent.updated}
            choices={loaderData.consent.choices}
            error={
              posted === "consent" && errors.privacyPolicyAcknowledged ? t(errors.privacyPolicyAcknowledged) : undefined
            }
          />
        )}
      </section>
    </div>
  );
}
