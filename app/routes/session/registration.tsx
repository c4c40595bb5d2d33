import { useState, type FormEvent } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/registration";
import { readForm } from "~/.server/api";
import { sessionState } from "~/.server/context";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { safeNextPath } from "~/features/session/login-options";
import { registerByCall } from "~/features/session/registration-call";
import {
  pendingRegistration,
  register,
  registrationDefaults,
  registrationSchemaFor,
} from "~/features/session/registration.server";
import { maskIdentityCode } from "~/lib/identity-code";
import { href } from "~/route-table";
import { ErrorSummary, TextField } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { useCsrfToken, useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";

function nextOf(request: Request, lang: "fi" | "sv" | "en") {
  return safeNextPath(new URL(request.url).searchParams.get("next"), href("home", lang));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = sessionState(context);
  if (session.status === "valid" && session.user) throw redirect(nextOf(request, lang));
  const pending = pendingRegistration(session);
  if (!pending) throw redirect(href("login", lang, {}, { nextPath: nextOf(request, lang) }));
  return {
    forChild: !!pending.guardianId,
    defaults: await registrationDefaults(pending),
    maskedIdentityCode: maskIdentityCode(pending.identityCode),
    names: pending.firstName && pending.lastName ? { firstName: pending.firstName, lastName: pending.lastName } : null,
  };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["contact", "session", "myInformation.childRegistration"] } satisfies TextsHandle;

export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const pending = pendingRegistration(sessionState(context));
  if (!pending) throw redirect(href("login", lang));
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: registrationSchemaFor(pending) });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  await register(pending, submission.value, lang);
  throw redirect(nextOf(request, lang), {
    headers: { "Set-Cookie": flashCookie({ type: "success", key: "session.registration.saved" }) },
  });
}

/** The form's fields, top to bottom: the names only when the identification did not give them. */
function registrationFields(withNames: boolean) {
  return [
    ...(withNames
      ? ([
          ["firstName", "given-name"],
          ["lastName", "family-name"],
        ] as const)
      : []),
    ["streetAddress", "street-address"],
    ["postalCode", "postal-code"],
    ["postOffice", "address-level2"],
    ["phoneNumber", "tel"],
    ["emailAddress", "email"],
  ] as const;
}

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const csrfToken = useCsrfToken();
  const lang = useLang();
  const [saving, setSaving] = useState(false);
  // The answer to a refused post: the values as sent and each field's error (a text key).
  const refused = actionData?.lastResult;
  const values: Record<string, unknown> = refused?.initialValue ?? loaderData.defaults ?? {};
  const errorOf = (name: string) => {
    const keys = refused?.error?.[name];
    return keys?.length ? t(keys[0]!) : undefined;
  };
  const fieldList = registrationFields(!loaderData.names);
  const idOf = (name: string) => `registration-${name}`;
  const fieldOrder = fieldList.map(([name]) => idOf(name));
  const errors = fieldList.flatMap(([name]) => {
    const message = errorOf(name);
    return message ? [{ id: idOf(name), message }] : [];
  });
  // With JavaScript the form is saved through POST /api/user/register (spec part 2 §7); anything but success
  // falls back to the page's own post, whose answer the server renders with its errors, as without JavaScript.
  // The browser does not check the form itself: the rules (and zod) stay on the server.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    void registerByCall(event.currentTarget, new FormData(event.currentTarget), {
      csrfToken,
      lang,
      next: new URLSearchParams(window.location.search).get("next"),
    });
  };
  const title = t(loaderData.forChild ? "myInformation.childRegistration.title" : "session.registration.title");
  return (
    <div className="narrow">
      <PageTitle title={title} hasErrors={errors.length > 0} />
      <ErrorSummary errors={errors} fieldOrder={fieldOrder} />
      <h1>{title}</h1>
      <p className="lead">
        {t(loaderData.forChild ? "myInformation.childRegistration.intro" : "session.registration.intro")}
      </p>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("session.registration.identityCode")}</dt>
          <dd>{loaderData.maskedIdentityCode}</dd>
        </div>
        {loaderData.names ? (
          <div className="summary-list__row">
            <dt>{t("contact.fields.name")}</dt>
            <dd>
              {loaderData.names.firstName} {loaderData.names.lastName}
            </dd>
          </div>
        ) : null}
      </dl>
      <Form method="post" id="registration" noValidate onSubmit={onSubmit}>
        <CsrfField />
        {fieldList.map(([name, autoComplete]) => (
          <TextField
            key={name}
            type={name === "emailAddress" ? "email" : name === "phoneNumber" ? "tel" : "text"}
            defaultValue={typeof values[name] === "string" ? values[name] : undefined}
            id={idOf(name)}
            name={name}
            label={t(`contact.fields.${name}`)}
            hint={name === "phoneNumber" ? t("contact.hints.phoneNumber") : undefined}
            error={errorOf(name)}
            autoComplete={autoComplete}
            inputMode={name === "postalCode" ? "numeric" : undefined}
          />
        ))}
        <button type="submit" className="button" disabled={saving} aria-disabled={saving}>
          {t("session.registration.submit")}
        </button>
      </Form>
    </div>
  );
}
