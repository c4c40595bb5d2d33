import { useEffect } from "react";
import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/my-information";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { consentSchema } from "~/features/account/consent";
import { saveActingPersonConsent } from "~/features/account/consent.server";
import { CONTACT_FIELDS, ContactForm, contactFieldId } from "~/features/my-information/contact-form";
import { MyInformationErrorSummary as ErrorSummaryOnServer } from "~/features/my-information/error-summary";
import { guardiansFromForm, type MyInformationForm } from "~/features/my-information/my-information-fields";
import { KelaCard } from "~/features/my-information/kela-card";
import { KelaCardForm as KelaCardFormOnServer } from "~/features/my-information/kela-card-form";
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
import { OtherTab as OtherTabOnServer } from "~/features/my-information/other-tabs";
import { MyInformationTabs, loadOtherTab } from "~/features/my-information/tabs";
import { SmsLoginSection } from "~/features/my-information/sms-login-section";
import { smsLoginAction, smsLoginView } from "~/features/my-information/sms-login.server";
import { formatTime } from "~/lib/format";
import { requireUser } from "~/.server/guards";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import type { TextsHandle } from "~/lib/text-groups";

export const handle = { i18n: ["contact", "account.consent", "myInformation"] } satisfies TextsHandle;

// The parts only some views of the page show — the other tabs, the Kela card's upload form, the error summary —
// the browser loads when they are shown (the server renders them at once).
const OtherTab = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? OtherTabOnServer : null, loadOtherTab);
const loadKelaCardForm = () => import("~/features/my-information/kela-card-form").then((m) => m.KelaCardForm);
const KelaCardForm = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? KelaCardFormOnServer : null, loadKelaCardForm);
const loadErrorSummary = () =>
  import("~/features/my-information/error-summary").then((m) => m.MyInformationErrorSummary);
const ErrorSummary = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ErrorSummaryOnServer : null, loadErrorSummary);

function pageState(request: Request) {
  const query = new URL(request.url).searchParams;
  const saveAction = parseSaveAction(query.get("saveAction"));
  return { query, saveAction, tab: initialTab(query.get("tab"), saveAction) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const { query, saveAction, tab: requested } = pageState(request);
  const info = await loadMyInformation(db(), session);
  const tab: MyInformationTab = requested === "guardians" && !info.guardians ? "contact" : requested;
  const request_ = requestInfo(context);
  const smsLogin =
    tab === "contact"
      ? await smsLoginView(session.user, info.actingForChild, request_.brand, request_.environment)
      : null;
  // The page's own links, with its tab and save action, worked out here so that the browser needs no URL building.
  const links = (extra: Record<string, string | undefined> = {}) => ({
    tab: tab === "contact" ? undefined : tab,
    saveAction: saveAction ? encodeSaveAction(saveAction) : undefined,
    ...extra,
  });
  const tabs: MyInformationTab[] = info.guardians ? ["contact", "guardians", "consent"] : ["contact", "consent"];
  return {
    ...info,
    formAction: href("myInformation", lang, {}, links()),
    addGuardianHref: href("myInformation", lang, {}, links({ addGuardian: "1" })),
    tabs: tabs.map((id) => ({ id, href: href("myInformation", lang, {}, links({ tab: id })) })),
    smsLogin,
    smsLoginNextAttempt: smsLogin?.type === "locked" ? formatTime(new Date(smsLogin.nextAttempt), lang) : undefined,
    tab,
    adding: query.get("addGuardian") === "1",
    actingName: info.actingForChild ? `${session.actingPerson.firstName} ${session.actingPerson.lastName}` : null,
    kelaCard: tab === "contact" ? await kelaCardImages(db(), session) : null,
  };
}

function failure(
  form: MyInformationForm,
  result: Exclude<SaveResult, { type: "saved" }>,
  values: Record<string, unknown>,
) {
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

export default function MyInformation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { tab, formAction: action } = loaderData;
  const posted = actionData?.form;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const hasErrors = Object.values(errors).some(Boolean);
  // A post may be answered with errors: their summary's code is fetched as the form is sent.
  const submitting = useNavigation().state === "submitting";
  useEffect(() => {
    if (submitting) loadErrorSummary().catch(() => {});
  }, [submitting]);
  const values = (
    posted === "contact" ? { ...loaderData.contact, ...actionData?.values } : loaderData.contact
  ) as Record<string, string>;
  const ownValues = (
    posted === "guardianOwn" ? { ...loaderData.ownContact, ...actionData?.values } : (loaderData.ownContact ?? {})
  ) as Record<string, string>;
  const title = t("myInformation.title");
  return (
    <div className="narrow">
      <PageTitle title={`${t(`myInformation.tabs.${tab}`)} – ${title}`} hasErrors={hasErrors} />
      {hasErrors ? (
        <ErrorSummary form={posted} errors={errors} contact={{ fields: CONTACT_FIELDS, fieldId: contactFieldId }} />
      ) : null}
      <h1>{title}</h1>
      {loaderData.actingName ? (
        <p className="lead">{t("myInformation.actingFor", { name: loaderData.actingName })}</p>
      ) : null}
      {actionData?.failed ? (
        <NotificationBanner type="error">
          <p>{t("myInformation.errors.failed")}</p>
        </NotificationBanner>
      ) : null}
      <MyInformationTabs current={tab} tabs={loaderData.tabs} />
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
            <KelaCard
              images={loaderData.kelaCard}
              Form={KelaCardForm}
              prepareForm={() => void loadKelaCardForm()}
              frame={(body, live) => (
                <section className="kela-card" aria-labelledby="kela-card-heading">
                  <h2 id="kela-card-heading">{t("myInformation.kelaCard.heading")}</h2>
                  <p>{t("myInformation.kelaCard.intro")}</p>
                  {body}
                  {live}
                </section>
              )}
            />
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
        ) : (
          <OtherTab
            tab={tab}
            action={action}
            addHref={loaderData.addGuardianHref}
            guardians={loaderData.guardians}
            adding={loaderData.adding}
            consent={loaderData.consent}
            posted={posted}
            values={actionData?.values}
            errors={errors}
          />
        )}
      </section>
    </div>
  );
}
