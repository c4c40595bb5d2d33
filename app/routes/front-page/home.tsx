import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { now } from "~/.server/clock";
import { sessionState } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { loadFrontPage } from "~/features/front-page/front-page.server";
import { frontPageDates } from "~/features/front-page/front-page-dates.server";
import { FrontPage } from "~/features/front-page/front-page.view";
import { requireUser } from "~/features/session/guards.server";
import { href } from "~/route-table";
import type { TextsHandle } from "~/lib/text-groups";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["frontPage"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  // Anonymous visitors start from the login page; a logged-in customer gets the overview.
  if (sessionState(context).status === "none") throw redirect(href("login", lang));
  const session = requireUser(context, request, lang);
  const at = now();
  const state = await loadFrontPage(session, lang, at);
  return { state, dates: frontPageDates(state, lang, at) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <FrontPage state={loaderData.state} dates={loaderData.dates} />;
}
