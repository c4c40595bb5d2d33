import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type ManifestRoute = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type RouteWeight = { id: string; js: number; files: number };

/**
 * The JS (gzip -9) every page of a production build preloads: the browser entry, and the module and imports of the
 * page's route and of each route above it, as React Router's `<Scripts>` lists them. Read from the build's route
 * manifest, so it covers every page, also those the measured runs cannot reach by a link (a form's result, a page
 * of one kind of person). Pages are named by their route id; every language of a page loads the same modules, so
 * only the first language's route is weighed (`login.fi` stands for `login.sv` and `login.en`).
 */
export function routeWeights(appRoot: string): RouteWeight[] {
  const assets = path.join(appRoot, "build/client/assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no route manifest in ${assets}`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;

  const sizes = new Map<string, number>();
  const gzip9 = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(appRoot, "build/client", url)), { level: 9 }).length;
      sizes.set(url, size);
    }
    return size;
  };

  const seen = new Set<string>();
  const weights: RouteWeight[] = [];
  for (const route of Object.values(manifest.routes)) {
    const page = route.id.replace(/\.(fi|sv|en)$/, "");
    // Not the API's resource routes (no page), nor the development stand-ins' pages.
    if (seen.has(page) || !route.hasDefaultExport || route.id.startsWith("routes/dev/")) continue;
    seen.add(page);
    const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      for (const url of [r.module, ...(r.imports ?? [])]) urls.add(url);
    weights.push({ id: route.id, js: [...urls].reduce((sum, url) => sum + gzip9(url), 0), files: urls.size });
  }
  return weights.sort((a, b) => b.js - a.js);
}
