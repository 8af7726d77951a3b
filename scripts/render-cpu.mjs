// `npm run bench:render`: server CPU per uncached public page (the service page and /services), on
// the built server (run `npm run build` first) with the demo content. `-- --against=<checkout>` runs
// another checkout's build too (a worktree of an older commit, built there): both servers run at
// once and take turns, so both see the same neighbours; the table shows each side's median round
// and the median of the rounds' ratios (the steadier figure on a shared machine).
// `--requests=N` (default 3000 per page and round), `--rounds=N` (default 3).
import path from "node:path";
import { requireBuild, tempDataDir } from "./lib/built-server.mjs";
import { benchRenderCpu, RENDER_URLS } from "./lib/render-cpu-bench.mjs";

const arg = (name) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const requests = Number(arg("requests") ?? 3000);
const rounds = Number(arg("rounds") ?? 3);
const against = arg("against");

requireBuild("npm run bench:render");
const sides = [{ label: "this checkout", root: "." }];
if (against) sides.push({ label: path.resolve(against), root: path.resolve(against) });
// One database per side: two commits may not share a schema.
for (const side of sides) side.data = tempDataDir("agency-render-");
process.on("exit", () => sides.forEach((side) => side.data.remove()));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const rounds_ = [];
for (let round = 0; round < rounds; round++) {
  process.stderr.write(`[render] round ${round + 1}/${rounds}\n`);
  rounds_.push(await benchRenderCpu({ sides, requests, log: (line) => process.stderr.write(`[render]   ${line}\n`) }));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`Server CPU per uncached request (${requests} requests per page and round, median of ${rounds} rounds)`);
console.log(["checkout", "page", "CPU ms/req", "rounds", "HTML bytes", "loader data bytes", "vs the other"].join(" | "));
for (const [s, side] of sides.entries()) {
  for (const [i, url] of RENDER_URLS.entries()) {
    const rows = rounds_.map((round) => round[s][i]);
    const cpu = rows.map((row) => row.cpuMsPerRequest);
    const last = rows.at(-1);
    // Both sides ran side by side in each round: the round's ratio is the steadier figure.
    const ratio = sides.length === 2 ? median(rounds_.map((round) => round[s][i].cpuMsPerRequest / round[1 - s][i].cpuMsPerRequest)) : null;
    const versus = ratio === null ? "" : `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(0)}%`;
    console.log(
      [side.label, url, median(cpu).toFixed(3), cpu.map((v) => v.toFixed(2)).join(" "), last.htmlBytes, last.dataBytes, versus].join(" | "),
    );
  }
}
