/// <reference types="vitest/config" />
import { reactRouter } from "@react-router/dev/vite";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#brands": fileURLToPath(new URL("./brands", import.meta.url)),
  "#locales": fileURLToPath(new URL("./locales", import.meta.url)),
};

// The browser build's files, kept as they are written so that the preloads of lazily loaded parts can leave out
// what their importer has loaded already (`modulePreload` below).
let clientBundle: Rollup.OutputBundle | undefined;
const keepClientBundle: Plugin = {
  name: "keep-client-bundle",
  apply: (_, { isSsrBuild }) => !isSsrBuild,
  generateBundle(_, bundle) {
    clientBundle = bundle;
  },
};

/**
 * React Router's browser code names its components after defining them (`NavLink.displayName = "NavLink"`, on a
 * `forwardRef` result not marked pure), which the bundler must keep as side effects: so parts no page uses (NavLink,
 * the unstable HistoryRouter) were in every page's script. The names only serve React's developer tools.
 */
export function unnameReactRouter(code: string): string {
  return code
    .replace(/^\s*[\w.]+\.displayName = "[^"]*";$/gm, "")
    .replace(/= (React\d*)\.forwardRef\(/g, "= /* @__PURE__ */ $1.forwardRef(");
}
const unnamedReactRouter: Plugin = {
  name: "unnamed-react-router",
  apply: "build",
  transform: (code, id) =>
    /\/node_modules\/react-router\/dist\/[^?]*\.mjs$/.test(id) ? unnameReactRouter(code) : null,
};

/** The files loaded by the time a file runs: itself and what it imports statically, all the way down. */
function loadedWith(file: string, loaded = new Set<string>()): Set<string> {
  const chunk = clientBundle?.[file];
  if (loaded.has(file) || chunk?.type !== "chunk") return loaded;
  loaded.add(file);
  for (const imported of chunk.imports) loadedWith(imported, loaded);
  return loaded;
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  resolve: { alias },
  build: {
    // The server build's entry is the Express app, so the server and the routes share one module graph.
    rollupOptions: isSsrBuild
      ? { input: "./app/.server/app.ts" }
      : // The layout's shared parts (ui, lib, the route table's links) as one file rather than a dozen small ones:
        // every page loads them, and one file compresses better and costs one request. The form components
        // (ui/form/) are not among them: a page loads those it uses, and a page without a form (login) none.
        {
          output: {
            // Parts loaded lazily stay apart: the session-expiry warnings (root.tsx, logged-in pages only) and the
            // code boxes (the door and the SMS code fields, once hydrated); so does the pager, which only the long
            // lists use, the practitioner avatar, which only the pages that name practitioners use, and the error view.
            // React, React DOM and React Router go there too, rather than into the browser entry's file: one file
            // for what every page runs, with the names between them minified (about 0.5 kB gzipped off each page).
            manualChunks: (id) =>
              /\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id) ||
              (/\/app\/(ui\/[^/]+\.tsx?|route-table\/index\.ts|lib\/(lang|translate|text-groups)\.ts)$/.test(id) &&
                !/\/ui\/(form|session-expiry|code-boxes|pager|practitioner-avatar|error-view)\.tsx?$/.test(id))
                ? "shell"
                : // A field's frame and those that wrap it most (a fieldset, an input, a file field): one file, as
                  // the pages with a form load them together, and their code compresses best side by side.
                  /\/app\/ui\/form\/(field|fieldset|text-field|file-upload)\.tsx$/.test(id)
                  ? "field"
                  : // A file of its own: otherwise, as the layout's lazy error view imports it (for the server's
                    // render), it would be drawn into the shell with it.
                    /\/app\/ui\/error-view\.tsx$/.test(id)
                    ? "error-view"
                    : undefined,
          },
        },
    // The same CSS output in the browser and the server build: the server links stylesheets by their hashed
    // names (`?url` imports), so both builds must produce byte-identical files.
    cssTarget: ["chrome100", "firefox100", "safari15", "edge100"],
    // A lazily loaded part preloads, as it is imported, only the files its importer has not loaded already (never
    // the shell, nor the page's own form parts): each name listed is written into the importer's file, which every
    // visitor downloads, and a list with nothing new (the part alone, which its import fetches) is no list.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== "js") return deps;
        const loaded = loadedWith(hostId);
        const rest = deps.filter((dep) => !loaded.has(dep));
        return rest.length > 1 ? rest : [];
      },
    },
    // The brand logo is a file of its own, cached across pages, rather than a data URL that every page's HTML would
    // carry twice (the image and the layout's loader data): about 1 kB gzipped off each page.
    assetsInlineLimit: (file: string) => (/\/brands\/[^/]+\/logo\.svg$/.test(file) ? false : undefined),
    // Scripts are most of what a phone downloads (React and React Router alone are about 113 kB gzipped); terser
    // with two passes takes about 4 kB more off them than the default minifier (DESIGN §8: ≤ 120 kB per page).
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 }, module: true } }),
  },
  plugins: mode === "test" || process.env.VITEST ? [] : [reactRouter(), keepClientBundle, unnamedReactRouter],
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Loaded by the test runner like the app's code, so it shares the app's React Router (and its context class)
    // when a test serves requests through Express (tests/integration/request-handler.ts `sendRawPath`).
    alias: {
      "@react-router/express": fileURLToPath(
        new URL("./node_modules/@react-router/express/dist/index.mjs", import.meta.url),
      ),
    },
    server: { deps: { inline: [/@react-router\/express/] } },
    // A test file per core: vitest keeps one core for itself by default, which on a two-core machine leaves one
    // file at a time, while its own share of the work (collecting, reporting) is small.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: ["app/**/*.mocked.test.{ts,tsx}"],
          // The links of the components under test read the route table, as on the server.
          setupFiles: ["app/route-table/pages.server.ts"],
          // The rules' tests start no servers and open no database: they share one module graph per worker
          // instead of paying a fresh process and import for each of about 80 small files.
          pool: "threads",
          isolate: false,
        },
      },
      {
        extends: true,
        // A file that replaces a module (vi.mock) gets a module graph of its own, so the stand-in reaches no other
        // file; app/layers.test.ts holds every such file to this name.
        test: {
          name: "unit-mocked",
          include: ["app/**/*.mocked.test.{ts,tsx}"],
          pool: "threads",
          setupFiles: ["app/route-table/pages.server.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // Not the *.mocked files (as an include pattern: a project's `exclude` would replace the command line's).
          include: ["tests/integration/**/!(*.mocked).test.ts"],
          // A process per core that runs file after file in one module graph: importing the app once per worker
          // rather than once per file (about 2 s each). Each file installs its own database, clock and storage
          // (test-db.ts `useTestDatabase`) and takes them down again; per-file.ts restores what it spied on.
          pool: "forks",
          isolate: false,
          setupFiles: ["app/route-table/pages.server.ts", "tests/integration/per-file.ts"],
          // One seeded database that the integration test files copy (tests/integration/seeded-template.ts).
          globalSetup: ["tests/integration/seeded-template.ts"],
        },
      },
      {
        extends: true,
        // Files that replace a module (vi.mock) get a process of their own.
        test: {
          name: "integration-mocked",
          include: ["tests/integration/**/*.mocked.test.ts"],
          pool: "forks",
          setupFiles: ["app/route-table/pages.server.ts"],
          globalSetup: ["tests/integration/seeded-template.ts"],
        },
      },
    ],
  },
}));
