// Writes the dark-theme variant of each built-in illustration (decision 0080): the same drawing on a
// night background. Only the backdrop changes (the "bg" gradient and the large soft circles behind
// the drawing); the screens and cards stay light, as lit screens do at night.
// Run after changing an illustration: node scripts/illustrations-dark.mjs
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = "public/images";
const files = ["hero.svg", ...["services", "cases"].flatMap((dir) => readdirSync(path.join(ROOT, dir)).map((f) => `${dir}/${f}`))].filter(
  (f) => f.endsWith(".svg") && !f.endsWith("-dark.svg"),
);

// Pastel backdrop tints and their night counterparts (slate-900/indigo-950 family).
const NIGHT = { start: "#1e1b4b", end: "#0f172a" };
const BLOBS = { "#c7d2fe": "#4338ca", "#bae6fd": "#0369a1", "#fbcfe8": "#9d174d", "#fde68a": "#a16207" };

for (const file of files) {
  const light = readFileSync(path.join(ROOT, file), "utf8");
  const dark = light
    .replace(
      /(<linearGradient id="bg"[^>]*>)<stop offset="0" stop-color="#[0-9a-f]{6}"\/><stop offset="1" stop-color="#[0-9a-f]{6}"\/>/,
      (_, open) => `${open}<stop offset="0" stop-color="${NIGHT.start}"/><stop offset="1" stop-color="${NIGHT.end}"/>`,
    )
    .replace(/<circle([^>]*) r="(\d{3})" fill="(#[0-9a-f]{6})"/g, (all, attrs, r, fill) =>
      BLOBS[fill] ? `<circle${attrs} r="${r}" fill="${BLOBS[fill]}"` : all,
    );
  if (dark === light) throw new Error(`${file}: no backdrop found to darken`);
  writeFileSync(path.join(ROOT, file.replace(/\.svg$/, "-dark.svg")), dark);
}
console.log(`wrote ${files.length} dark illustrations`);
