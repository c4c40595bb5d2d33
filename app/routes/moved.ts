import { redirect } from "react-router";
import type { Route } from "./+types/moved";
import { MOVED_PATHS } from "~/moved-paths";
import { href } from "~/route-table";
import { LANGS, type Lang } from "~/lib/lang";

/**
 * An earlier path of a page (app/moved-paths.ts): a permanent redirect to the page's path now, with the same
 * parameters and query (a payment's signed return parameters included). A form posted to the old path is sent on
 * with its method and body (308), so nothing typed or chosen is lost.
 */
function target(request: Request, params: Record<string, string | undefined>): string {
  const url = new URL(request.url);
  const [, lang, ...rest] = url.pathname.split("/");
  const entry = MOVED_PATHS.find((m) => LANGS.includes(lang as Lang) && samePath(m.from[lang as Lang], rest));
  if (!entry) throw new Response(null, { status: 404 });
  const values = Object.fromEntries(Object.entries(params).filter((p): p is [string, string] => p[1] !== undefined));
  return href(entry.to, lang as Lang, values) + url.search;
}

/** Whether the segments after the language are those of a moved path (`:params` match any one segment). */
function samePath(pattern: string, segments: string[]): boolean {
  const parts = pattern.split("/");
  return parts.length === segments.length && parts.every((p, i) => p.startsWith(":") || p === segments[i]);
}

export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(target(request, params), 301);
}

export function action({ request, params }: Route.ActionArgs) {
  return redirect(target(request, params), 308);
}
