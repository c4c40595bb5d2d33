import { gzipSync } from "node:zlib";
import { localUrl, transfer, type Target } from "./http";
import { dynamicImports, pageResources, staticImports } from "./html";

/**
 * Page weight: the HTML, the stylesheets it links and the JavaScript it loads, each fetched once with
 * `Accept-Encoding: gzip`. Three numbers per item: raw bytes, gzip level 9 of the raw bytes, and the bytes
 * that actually crossed the wire.
 */

export type Weight = { raw: number; gzip9: number; wire: number };
export type FileWeight = Weight & { url: string; status: number; encoding: string };
export type Group = Weight & { files: FileWeight[] };

export type PageWeight = {
  path: string;
  status: number;
  html: FileWeight;
  css: Group;
  js: Group & {
    /** Modules named by the HTML (modulepreload, module scripts, imports of inline module scripts). */
    named: number;
    /** Modules reached only through static imports of other modules, i.e. not preloaded by the HTML. */
    notPreloaded: string[];
    /** Modules loaded on demand with import("…") from the modules (weighed alone, without their imports), not counted in the total. */
    lazy: FileWeight[];
  };
  /** The page's texts (JSON preloaded for hydration; immutable, cached across pages). */
  texts: Group;
  renderBlockingScripts: string[];
  inlineScriptBytes: number;
};

function weigh(url: string, t: { status: number; encoding: string; wireBytes: number; body: Buffer }): FileWeight {
  return {
    url,
    status: t.status,
    encoding: t.encoding,
    raw: t.body.length,
    gzip9: gzipSync(t.body, { level: 9 }).length,
    wire: t.wireBytes,
  };
}

function sum(files: FileWeight[]): Group {
  return files.reduce<Group>(
    (g, f) => ({ raw: g.raw + f.raw, gzip9: g.gzip9 + f.gzip9, wire: g.wire + f.wire, files: g.files }),
    { raw: 0, gzip9: 0, wire: 0, files },
  );
}

export async function measurePage(
  target: Target,
  path: string,
  opts: { cookie?: (pathname: string) => string; mustContain?: string; status?: number } = {},
): Promise<PageWeight> {
  const pageUrl = localUrl(target, path);
  const page = await transfer(target, pageUrl, opts.cookie?.(pageUrl.pathname) ?? "");
  if (page.status !== (opts.status ?? 200)) throw new Error(`sizes: ${path} answered ${page.status}`);
  const html = page.body.toString("utf8");
  if (opts.mustContain && !html.includes(opts.mustContain))
    throw new Error(`sizes: ${path} does not contain "${opts.mustContain}"`);
  const resources = pageResources(html, pageUrl);
  const sameOrigin = (u: string) => {
    try {
      return localUrl(target, u);
    } catch {
      return null;
    }
  };

  const css: FileWeight[] = [];
  for (const href of resources.stylesheets) {
    const url = sameOrigin(href);
    if (!url) continue;
    css.push(weigh(url.pathname, await transfer(target, url)));
  }

  const texts: FileWeight[] = [];
  for (const href of resources.fetchPreloads) {
    const url = sameOrigin(href);
    if (url) texts.push(weigh(url.pathname, await transfer(target, url)));
  }

  // Modules named by the HTML, then whatever they import statically (the browser loads those too).
  const js: FileWeight[] = [];
  const seen = new Set<string>();
  const named = new Set(resources.modules);
  const notPreloaded: string[] = [];
  const lazy = new Set<string>();
  const queue = [...resources.modules];
  while (queue.length) {
    const href = queue.shift()!;
    if (seen.has(href)) continue;
    seen.add(href);
    const url = sameOrigin(href);
    if (!url) continue;
    const t = await transfer(target, url);
    js.push(weigh(url.pathname, t));
    if (!named.has(href)) notPreloaded.push(url.pathname);
    if (t.status !== 200) continue;
    const source = t.body.toString("utf8");
    for (const spec of staticImports(source)) {
      if (!/^(\.{1,2}\/|\/)/.test(spec)) continue;
      queue.push(new URL(spec, url).href);
    }
    for (const spec of dynamicImports(source)) {
      if (/^(\.{1,2}\/|\/)/.test(spec)) lazy.add(new URL(spec, url).pathname);
    }
  }
  for (const f of js) lazy.delete(f.url);
  const lazyWeights: FileWeight[] = [];
  for (const pathname of lazy) {
    const url = localUrl(target, pathname);
    lazyWeights.push(weigh(url.pathname, await transfer(target, url)));
  }

  return {
    path,
    status: page.status,
    html: weigh(pageUrl.pathname, page),
    css: sum(css),
    js: { ...sum(js), named: named.size, notPreloaded, lazy: lazyWeights },
    texts: sum(texts),
    renderBlockingScripts: resources.renderBlockingScripts,
    inlineScriptBytes: resources.inlineScripts.reduce((n, s) => n + s.bytes, 0),
  };
}
