import type { EntryContext } from "react-router";

/**
 * The router context a page is rendered with, narrowed to the routes the request matched (the root, its layouts
 * and the page). React Router's server renderer builds route objects for every route of the manifest on each
 * render and matches the page's parent paths against all of them, so its cost grows with the route table (about
 * 290 routes: every page in three languages). The browser gets the same routes either way: the page's matches,
 * and any other route later from `/__manifest` when a link or navigation needs it.
 */
export function pageContext(context: EntryContext): EntryContext {
  const matched = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const id of matched) {
    const route = context.manifest.routes[id];
    if (route) routes[id] = route;
  }
  return {
    ...context,
    manifest: { ...context.manifest, routes },
    branches: context.branches.filter((branch) => matched.has(branch.routesMeta.at(-1)!.route.id)),
  };
}
