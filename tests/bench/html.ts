/** Just enough HTML reading for the benchmark: tag attributes, entities, and what a page loads. */

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|nbsp);/gi, (whole, code: string) => {
    const c = code.toLowerCase();
    if (c.startsWith("#x")) return String.fromCodePoint(parseInt(c.slice(2), 16));
    if (c.startsWith("#")) return String.fromCodePoint(parseInt(c.slice(1), 10));
    return ({ amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" } as Record<string, string>)[c] ?? whole;
  });
}

/** The attributes of a start tag's inside (`<a href="x" download>` → `{ href: "x", download: "" }`), names lower-cased. */
export function attributes(tagInside: string): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {};
  for (const m of tagInside.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = m[1].toLowerCase();
    if (name in result) continue;
    result[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return result;
}

export type PageResources = {
  stylesheets: string[];
  /** Module URLs named by the HTML: modulepreload links, module script src, and imports in inline module scripts. */
  modules: string[];
  /** Classic `<script src>` without async/defer, and stylesheets are not counted here: scripts that block rendering. */
  renderBlockingScripts: string[];
  /** `<link rel=preload as=fetch>`: data the page fetches before hydration (its texts). */
  fetchPreloads: string[];
  inlineScripts: { type: string; bytes: number }[];
};

/** Paths imported by a module's source: static `import`/`export … from` and bare `import "x"`. */
export function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\s]+)["']/g))
    found.push(m[1]);
  return found;
}

/** Paths passed to `import("…")` with a string literal. */
export function dynamicImports(source: string): string[] {
  return [...source.matchAll(/(?:^|[^\w$.])import\s*\(\s*["']([^"'\s]+)["']\s*\)/g)].map((m) => m[1]);
}

export function pageResources(html: string, pageUrl: URL): PageResources {
  const resolve = (href: string) => new URL(href, pageUrl).href;
  const stylesheets: string[] = [];
  const modules: string[] = [];
  const renderBlockingScripts: string[] = [];
  const fetchPreloads: string[] = [];
  const inlineScripts: { type: string; bytes: number }[] = [];

  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const a = attributes(m[1]);
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!a.href) continue;
    if (rel.includes("stylesheet")) stylesheets.push(resolve(a.href));
    if (rel.includes("modulepreload")) modules.push(resolve(a.href));
    if (rel.includes("preload") && a.as === "fetch") fetchPreloads.push(resolve(a.href));
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const a = attributes(m[1]);
    const type = (a.type ?? "").toLowerCase();
    const isModule = type === "module";
    if (a.src !== undefined) {
      if (isModule) modules.push(resolve(a.src));
      else if (type === "" || type.includes("javascript")) {
        if (a.async === undefined && a.defer === undefined) renderBlockingScripts.push(resolve(a.src));
      }
      continue;
    }
    inlineScripts.push({ type: type || "classic", bytes: Buffer.byteLength(m[2]) });
    if (isModule) for (const spec of [...staticImports(m[2]), ...dynamicImports(m[2])]) modules.push(resolve(spec));
  }
  const unique = (xs: string[]) => [...new Set(xs)];
  return {
    stylesheets: unique(stylesheets),
    modules: unique(modules),
    renderBlockingScripts: unique(renderBlockingScripts),
    fetchPreloads: unique(fetchPreloads),
    inlineScripts,
  };
}

/** The paths the main menu links (`<nav class="menu__panel">` of a logged-in page), each once, in menu order. */
export function menuPaths(html: string): string[] {
  const nav = /<nav class="menu__panel"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  const paths = [...nav.matchAll(/<a\b([^>]*)>/gi)]
    .map((m) => attributes(m[1]).href ?? "")
    .filter((href) => href.startsWith("/") && !href.startsWith("//"));
  return [...new Set(paths)];
}
