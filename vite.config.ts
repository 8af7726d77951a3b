import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import type { GetModuleInfo, ManualChunkMeta } from "rollup";
import { loadEnvFile } from "./app/server/env-file.server";
import { asciiSource } from "./scripts/lib/ascii-source.mjs";

// Native addons (and pg's optional one) cannot be bundled; they load from node_modules.
const SERVER_EXTERNALS = ["better-sqlite3", "@node-rs/argon2", "pg-native", "sharp"];

// react-router's package exports always name its development build, dev-only warnings included
// (remix-run/react-router#14102); a production build takes the production one it ships beside it.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)) },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)),
  },
];

// React Router's production build is two files that load together on every page. Routes that import
// `href` from it would otherwise make the second one a separate shared chunk: one more request on
// every page and ~0.4 kB more JavaScript on the home page's budget (npm run size).
// Vite's preload helper (behind every dynamic import) rides along too: once two chunks import
// lazily (the home page's quote form, the passkey buttons), it would otherwise be a chunk of its own.
// The root layout loads on every page, so the app modules it imports statically load on every page
// too; left to Rollup they become a dozen sub-kilobyte chunks (each shared with some route), and
// gzip cannot share its dictionary across files. One "shell" chunk holds them: same code, ~1 kB less
// on every page's budget (npm run size) and fewer requests.
let shellModules: Set<string> | undefined;
function shellModulesFrom(getModuleIds: () => IterableIterator<string>, getModuleInfo: GetModuleInfo): Set<string> {
  const root = [...getModuleIds()].find((id) => id.endsWith("/app/root.tsx"));
  const found = new Set<string>();
  const queue = root ? [...(getModuleInfo(root)?.importedIds ?? [])] : [];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id) || id.includes("/node_modules/") || !id.includes("/app/")) continue;
    found.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

// Sub-kilobyte modules nearly every page loads beside the shell (the page's meta tags, live reloads):
// in the shell they cost no file of their own, and the home page stays within its budget.
const SHELL_TOO = ["/app/lib/seo.ts", "/app/lib/use-live-revalidation.ts", "/app/components/site/titled-section.tsx"];

function clientChunk(id: string, meta: ManualChunkMeta): string | undefined {
  if (id.includes("vite/preload-helper")) return "react-router";
  if (/\/node_modules\/react-router\/dist\/production\/chunk-[\w-]+\.mjs$/.test(id)) return "react-router";
  shellModules ??= shellModulesFrom(meta.getModuleIds, meta.getModuleInfo);
  if (SHELL_TOO.some((name) => id.endsWith(name))) return "shell";
  return shellModules.has(id) ? "shell" : undefined;
}

/** `npm run dev` reads .env as the server does (decision 0063); builds never do. */
function envFileInDev(): Plugin {
  return {
    name: "env-file-in-dev",
    config(_, { command }) {
      if (command === "serve") loadEnvFile();
    },
  };
}

/**
 * The server bundle in ASCII only (decision 0113): V8 keeps each module's source text for as long as
 * its functions live, and one character outside Latin-1 makes it hold the whole text at two bytes
 * a character. esbuild's `charset: "ascii"` leaves regular expressions and templates as they are.
 */
function asciiServerBundle(): Plugin {
  return {
    name: "ascii-server-bundle",
    apply: (_, { isSsrBuild }) => Boolean(isSsrBuild),
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === "chunk") chunk.code = asciiSource(chunk.code).code;
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [envFileInDev(), tailwindcss(), reactRouter(), asciiServerBundle()],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" ? reactRouterProduction : []),
    ],
  },
  // Server-only native modules: never pre-bundle them for the browser in dev.
  optimizeDeps: { exclude: ["@node-rs/argon2", "better-sqlite3"] },
  // The server bundle carries its dependencies (docs/decisions/0015-server-bundle.md): one file to
  // load instead of ~1,500 modules to resolve, and only the production builds of React.
  ssr: isSsrBuild ? { noExternal: true, external: SERVER_EXTERNALS } : undefined,
  esbuild: isSsrBuild ? { minifyIdentifiers: false } : undefined,
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  build: {
    // Targets the browsers the site supports; keeps output small.
    target: "es2022",
    // The server bundle is minified too (whitespace and syntax; names are kept, so stack traces in
    // the logs still read): 2.3 MB → 1.6 MB for V8 to decode and parse at every start (decision 0015).
    minify: isSsrBuild ? "esbuild" : undefined,
    // The server bundle's entry is server/app.ts, which wraps the React Router build.
    // Client chunks and route modules carry a 7-character content hash (Rollup's least for this many chunks,
    // not its default 8): every page loads the route manifest, which names them, and their hashes
    // are what gzip cannot shrink (decision 0020's budget; ~150 bytes gzipped on /).
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            manualChunks: clientChunk,
            chunkFileNames: "assets/[name]-[hash:7].js",
            entryFileNames: "assets/[name]-[hash:7].js",
          },
        },
  },
}));
