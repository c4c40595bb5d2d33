import { useEffect, useRef } from "react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/pay";
import { readForm } from "~/.server/api";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { encodeSaveAction } from "~/features/my-information/save-action";
import { methodChoiceSchema } from "~/features/payments/payment.schema";
import { paymentMethods, payWithMethod, type Handoff } from "~/features/payments/payments.server";
import { requireUser } from "~/.server/guards";
import { formatCents } from "~/lib/format";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

export const handle = { i18n: ["payments.pay", "payments.messages"] } satisfies TextsHandle;

/**
 * The payment page: the invoice (the person's own, open, payable online, no payment under way) and the provider's
 * methods. Loading it opens no payment. Each method is a form posting to this page, which checks the invoice again
 * and only then starts the payment and hands the browser over to the provider (see `action`).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const result = await paymentMethods(db(), session, params.id, lang);
  // An unknown invoice, or another person's, is the spec's notice "The invoice could not be found." (404).
  if (!result.ok && result.reason === "invoiceNotFound") return data({ result, saveAction: null }, { status: 404 });
  return {
    result,
    saveAction:
      !result.ok && result.reason === "emailRequired"
        ? encodeSaveAction({ type: "go-to-invoice-page", invoiceNumber: params.id })
        : null,
  };
}

/**
 * A click on a method. When the invoice is no longer open, or no longer of the sum the page showed (another tab
 * paid it, the page is stale), the page reloads with a message and nothing is charged (spec part 1 §4).
 * Otherwise the answer is the provider's form: posted by script at once, or by its visible button without one.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const parsed = methodChoiceSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  const result = await payWithMethod(db(), session, {
    invoiceNumber: params.id,
    lang,
    origin: requestInfo(context).origin,
    amountCents: parsed.data.amount,
    methodId: parsed.data.method,
  });
  if (result.ok) return { handoff: result.handoff, refused: null };
  switch (result.reason) {
    case "invoiceNotFound":
      throw data(null, { status: 404 });
    case "unknownMethod":
      throw data(null, { status: 400 });
    case "tooManyAttempts":
      return data({ handoff: null, refused: result.reason }, { status: 429 });
    case "unableToProcess":
      return data({ handoff: null, refused: result.reason }, { status: 502 });
    default:
      throw redirect(href("payInvoice", lang, { id: params.id }), {
        status: 303,
        headers: { "Set-Cookie": flashCookie({ type: "error", key: "payments.pay.changed" }) },
      });
  }
}

const REFUSALS = {
  alreadyPaid: "payments.pay.alreadyPaid",
  notPayable: "payments.pay.notPayable",
  inProgress: "payments.pay.inProgress",
  tooManyAttempts: "payments.pay.tooManyAttempts",
  unableToProcess: "payments.messages.unableToProcess",
  invoiceNotFound: "payments.messages.invoiceNotFound",
  emailRequired: "payments.messages.emailRequired",
} as const;

/** The chosen provider's form, posted at once when scripts run; its button is there for when they do not. */
function ProviderHandoff({ handoff }: { handoff: Handoff }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, [handoff]);
  return (
    <form ref={form} method="post" action={handoff.url}>
      {handoff.parameters.map((p) => (
        <input key={p.name} type="hidden" name={p.name} value={p.value} />
      ))}
      <p>{t("payments.pay.handoff", { name: handoff.name })}</p>
      <button type="submit" className="button">
        {t("payments.pay.continue", { name: handoff.name })}
      </button>
    </form>
  );
}

export default function PayInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { result, saveAction } = loaderData;
  const title = t("payments.pay.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {result.invoiceNumber ? (
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>{t("payments.pay.invoiceNumber")}</dt>
            <dd>{result.invoiceNumber}</dd>
          </div>
          <div className="summary-list__row">
            <dt>{t("payments.pay.sum")}</dt>
            <dd>{formatCents(result.sumCents ?? 0, lang)}</dd>
          </div>
        </dl>
      ) : null}
      {actionData?.refused ? (
        <NotificationBanner type="error">
          <p>{t(REFUSALS[actionData.refused])}</p>
        </NotificationBanner>
      ) : null}
      {actionData?.handoff ? (
        <ProviderHandoff handoff={actionData.handoff} />
      ) : result.ok ? (
        <section aria-labelledby="methods-heading">
          <h2 id="methods-heading">{t("payments.pay.methods")}</h2>
          <ul className="payment-methods">
            {result.methods.map((method) => (
              <li key={method.id}>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="method" value={method.id} />
                  <input type="hidden" name="amount" value={result.sumCents} />
                  <button type="submit" className="button button--secondary payment-method">
                    {method.logo ? <img src={method.logo} alt="" width={70} height={20} /> : null}
                    {t("payments.pay.payWith", { name: method.name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          {/* The payment service's own terms line, as text and links (features/payments/provider-terms.ts). */}
          {result.terms.length ? (
            <p className="hint">
              {result.terms.map((part, i) =>
                part.href ? (
                  <a key={i} href={part.href} rel="noopener noreferrer">
                    {part.text}
                  </a>
                ) : (
                  part.text
                ),
              )}
            </p>
          ) : null}
        </section>
      ) : result.reason === "emailRequired" ? (
        <NotificationBanner type="warning">
          <p>{t("payments.messages.emailRequired")}</p>
          <p>
            <LocalizedLink to="myInformation" query={{ saveAction: saveAction ?? undefined }}>
              {t("payments.pay.updateContact")}
            </LocalizedLink>
          </p>
        </NotificationBanner>
      ) : (
        <NotificationBanner type="error">
          <p>{t(REFUSALS[result.reason])}</p>
        </NotificationBanner>
      )}
      <p>
        <LocalizedLink to="invoices">{t("payments.pay.back")}</LocalizedLink>
      </p>
    </div>
  );
}
