import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/home";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { loadFrontPage } from "~/features/front-page/front-page.server";
import { frontPageView } from "~/features/front-page/front-page-dates.server";
import { FrontPage } from "~/features/front-page/front-page.view";
import { showsNewCustomerPage } from "~/features/front-page/has-events.server";
import { onboardingAction, onboardingStep } from "~/features/front-page/sms-onboarding.server";
import { requireUser } from "~/.server/guards";
import { href } from "~/route-table";
import type { TextsHandle } from "~/lib/text-groups";
import { featureOn } from "~/.server/features";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["frontPage"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  // Anonymous visitors start from the login page; a logged-in customer gets the overview.
  if (sessionState(context).status === "none") throw redirect(href("login", lang));
  const session = requireUser(context, request, lang);
  const at = now();
  const state = await loadFrontPage(session, lang, at);
  const info = requestInfo(context);
  const onboarding = await onboardingStep(session.user, state.mfaOnboardingParam, info.brand, info.environment);
  if (showsNewCustomerPage(state, onboarding)) throw redirect(href("newCustomer", lang));
  // Conversations link to their pages where messaging is open to customers (not in the children's brand).
  const conversationPages =
    featureOn(context, "customer-messaging-allowed") && !info.brand.hiddenPages.includes("conversations");
  const certificatePages = !info.brand.hiddenPages.includes("certificates");
  const questionnairePages = !info.brand.hiddenPages.includes("questionnaire");
  return {
    state: frontPageView(state, lang, at),
    onboarding,
    conversationPages,
    certificatePages,
    questionnairePages,
  };
}

/**
 * After the SMS-login panel's last answer (with JavaScript) the page stays as it is while the panel says the result
 * and fades out: loading it again would send a person with no events on to the new customer page at once.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const panel = (actionResult as { panel?: string } | undefined)?.panel;
  if (panel === "mfa-ok" || panel === "too-many-mfa-attempts" || panel === "too-many-codes") return false;
  return defaultShouldRevalidate;
};

/** The SMS login onboarding panel's forms. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const info = requestInfo(context);
  if (session.actingPerson.id !== session.user.id || !featureOn(context, "mfa")) throw data(null, { status: 404 });
  const form = await readForm(request);
  const answer = await onboardingAction(session.user, form, {
    brandId: info.brand.id,
    lang,
    clientIp: info.clientIp,
  });
  const failed = answer.panel === "invalid-phone" || answer.panel === "mfa-challenge-failed";
  const status = failed ? 400 : answer.panel === "too-many-codes" ? 429 : 200;
  // With JavaScript the panel stays in place and fades out itself; without it, the page is loaded again.
  if (form.get("js") === "1" || failed) return data(answer, { status });
  const flash =
    answer.panel === "mfa-ok"
      ? flashCookie({ type: "success", key: "frontPage.mfa.done" })
      : answer.panel === "sent"
        ? null
        : flashCookie({ type: "error", key: "frontPage.mfa.tooMany" });
  throw redirect(href("home", lang), flash ? { headers: { "Set-Cookie": flash } } : undefined);
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FrontPage
      state={loaderData.state}
      onboarding={loaderData.onboarding}
      onboardingAnswer={actionData}
      conversationPages={loaderData.conversationPages}
      certificatePages={loaderData.certificatePages}
      questionnairePages={loaderData.questionnairePages}
    />
  );
}
