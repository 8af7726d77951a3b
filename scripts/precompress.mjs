// Writes .br and .gz next to every text asset so the server sends them without compressing per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { unreachableByRouter } from "./manifest-routes.mjs";

const root = process.argv[2] ?? "build/client";
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

// The route manifest every page loads (decision 0020's budget): React Router only ever tests its
// route flags for truth, so the many `false` ones are dropped (~90 bytes gzipped per page, and more
// with each route), and so are what can be rebuilt (below). Rewritten before compression so its
// .br/.gz match.
for (const name of await readdir(path.join(root, "assets")).catch(() => [])) {
  if (!/^manifest-[\w-]+\.js$/.test(name)) continue;
  const file = path.join(root, "assets", name);
  const source = await readFile(file, "utf8");
  const prefix = "window.__reactRouterManifest=";
  if (!source.startsWith(prefix)) throw new Error(`${file}: unexpected manifest shape`);
  const manifest = JSON.parse(source.slice(prefix.length).replace(/;\s*$/, ""));
  const original = structuredClone(manifest.routes);
  for (const id of unreachableByRouter(manifest.routes)) delete manifest.routes[id];
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const [key, value] of Object.entries(route)) if (value === false) delete route[key];
    // Each route's id is its key: written once, put back by the loader line below (~0.3 kB gzipped).
    delete route.id;
    // No stylesheet of its own (every route here: the CSS is the root's): React Router reads a
    // missing `css` as none, as it reads an empty list (~0.1 kB gzipped over 200 routes).
    if (Array.isArray(route.css) && route.css.length === 0) delete route.css;
    // A route's imports that the entry or an ancestor route already loads are loaded whenever this
    // route is: React Router dedupes its preload list in that same order, so the links it renders
    // (on hydration and for prefetching) are unchanged.
    if (route.imports) {
      const loaded = loadedBefore(id, manifest.entry.imports, original);
      route.imports = route.imports.filter((href) => !loaded.has(href));
      if (route.imports.length === 0) delete route.imports;
    }
  }
  // Every script path is "/assets/<name>.js": written once, in the loader line.
  const short = (href) => {
    if (!/^\/assets\/[\w.-]+\.js$/.test(href)) throw new Error(`${file}: unexpected script path ${href}`);
    return href.slice("/assets/".length, -".js".length);
  };
  for (const part of [manifest.entry, ...Object.values(manifest.routes)]) {
    part.module = short(part.module);
    if (part.imports) part.imports = part.imports.map(short);
  }
  const loader =
    `m=>{const a=s=>"/assets/"+s+".js",p=x=>{x.module=a(x.module);if(x.imports)x.imports=x.imports.map(a)};` +
    `p(m.entry);for(const id in m.routes){m.routes[id].id=id;p(m.routes[id])}return m}`;
  await writeFile(file, `${prefix}(${loader})(${JSON.stringify(manifest)});`);
}

function loadedBefore(id, entryImports, routes) {
  const loaded = new Set(entryImports);
  for (let parent = routes[routes[id].parentId]; parent; parent = routes[parent.parentId]) {
    loaded.add(parent.module);
    for (const href of parent.imports ?? []) loaded.add(href);
  }
  return loaded;
}

let count = 0;
for await (const file of walk(root)) {
  if (!TEXT.test(file)) continue;
  const body = await readFile(file);
  if (body.length < 1024) continue;
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
