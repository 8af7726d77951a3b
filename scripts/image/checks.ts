// The container-level checks of `npm run test:image`: start on loopback and wait for the site,
// stop with SIGTERM and read how it went, and what must not be in the image.
import { readFileSync } from "node:fs";
import { docker, inspect, run, waitFor } from "./docker";

export type Started = { name: string; base: string; ok: boolean; detail: string; msToHealthz: number };

/** `docker run -d` published on 127.0.0.1 only (a free port Docker picks), then waits for /healthz. */
export async function startContainer(name: string, image: string, args: string[]): Promise<Started> {
  const started = performance.now();
  const created = await docker(["run", "--detach", "--name", name, "--publish", "127.0.0.1::3000", ...args, image]);
  if (created.status !== 0) return { name, base: "", ok: false, detail: created.stderr.trim(), msToHealthz: 0 };
  const base = `http://${(await docker(["port", name, "3000/tcp"])).stdout.trim().split("\n")[0]}`;
  const health = await waitFor(async () => ((await fetch(`${base}/healthz`)).ok ? true : undefined), 90_000);
  const msToHealthz = Math.round(performance.now() - started);
  if (!health) return { name, base, ok: false, detail: `no /healthz within 90 s; log:\n${await lastLog(name)}`, msToHealthz };
  const home = await fetch(`${base}/`);
  const html = await home.text();
  const ready = await fetch(`${base}/readyz`);
  // The share image is set in the image's own fonts by sharp's text renderer (fontconfig, Pango).
  const card = await fetch(`${base}/share-image.png`);
  const png = Buffer.from(await card.arrayBuffer());
  const cardOk = card.status === 200 && png.subarray(1, 4).toString("latin1") === "PNG";
  const ok = home.status === 200 && html.startsWith("<!DOCTYPE html>") && ready.status === 200 && cardOk;
  const detail =
    `${base}: /healthz 200, / ${home.status} (${Math.round(html.length / 1024)} kB of HTML), /readyz ${ready.status}, ` +
    `/share-image.png ${card.status} (${Math.round(png.length / 1024)} kB${cardOk ? " PNG" : ", not a PNG"})`;
  return { name, base, ok, detail, msToHealthz };
}

/** A live-update stream held open: `ended` settles when the server closes it (or it fails). */
export async function openEventStream(url: string): Promise<{ open: boolean; ended: Promise<string> }> {
  const response = await fetch(url, { headers: { Accept: "text/event-stream" } });
  const open = response.status === 200 && (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  const reader = response.body!.getReader();
  const ended = (async () => {
    while (!(await reader.read()).done);
    return "closed by the server";
  })().catch((error: unknown) => `failed: ${String(error)}`);
  return { open, ended };
}

/** `docker stop` (SIGTERM, then SIGKILL after the container's stop timeout) and what the log says. */
export async function stopContainer(name: string): Promise<{ ok: boolean; detail: string; ms: number }> {
  const stop = await docker(["stop", name]);
  const exitCode = await inspect(name, "{{.State.ExitCode}}");
  const log = (await docker(["logs", name])).stdout;
  // pino's JSON lines from server.ts's SIGTERM handler: the drain began, then the server closed.
  const began = /"signal":"SIGTERM"[^\n]*"msg":"shutting down"/.test(log);
  const closed = log.includes('"msg":"server closed"');
  const streams = /"streams":(\d+)[^\n]*"msg":"closed live event streams"/.exec(log)?.[1];
  // Under the app's own 10 s drain limit: it closed because it was done, not because time ran out.
  const ok = stop.status === 0 && exitCode === "0" && began && closed && stop.ms < 10_000;
  const steps = [
    began ? "shutting down (SIGTERM)" : "no 'shutting down'",
    ...(streams ? [`closed ${streams} live event stream(s)`] : []),
    closed ? "server closed" : "no 'server closed'",
  ];
  return { ok, detail: `exit ${exitCode} after ${(stop.ms / 1000).toFixed(1)} s; log: ${steps.join(" → ")}`, ms: stop.ms };
}

async function lastLog(name: string): Promise<string> {
  const logs = await docker(["logs", "--tail", "30", name]);
  return `${logs.stdout}${logs.stderr}`.trim();
}

/**
 * Node code, run in the image, that prints each package the lockfile marks dev-only (`dev` or
 * `devOptional`: needed by no production dependency) found installed, and each compiler; and last
 * how many packages it looked for.
 */
export const imageContentsCheck = `
const fs = require("fs");
const lock = require("/app/package-lock.json");
const devOnly = Object.entries(lock.packages).filter(([p, e]) => p && (e.dev || e.devOptional)).map(([p]) => p);
for (const p of devOnly) if (fs.existsSync("/app/" + p)) console.log("dev package: " + p.replace(/^(.*\\/)?node_modules\\//, ""));
for (const c of ["gcc", "g++", "cc", "make", "python3"]) if (fs.existsSync("/usr/bin/" + c)) console.log("compiler: " + c);
console.log(devOnly.length);
`;

/**
 * Node code, run in the image: whether the admin tools are bundled (build/tools, the production
 * artifact) and which sources ship beside them, as JSON.
 */
export const artifactCheck = `
const fs = require("fs");
const sources = ["app", "server", "server.ts", "scripts/staff.ts", "tsconfig.json"].filter((p) => fs.existsSync("/app/" + p));
console.log(JSON.stringify({ bundled: fs.existsSync("/app/build/tools/staff.js"), sources }));
`;

/** The compose command here: the plugin, the old standalone one, or none. */
export async function composeCommand(): Promise<string[] | null> {
  if ((await docker(["compose", "version"])).status === 0) return ["docker", "compose"];
  if ((await run("docker-compose", ["version"])).status === 0) return ["docker-compose"];
  return null;
}

/** deploy/compose.env.example with its empty lines filled, for `docker compose config`. */
export function composeEnvForCheck(): string {
  return readFileSync("deploy/compose.env.example", "utf8").replace(/^([A-Z0-9_]+)=$/gm, "$1=compose-config-check-0123456789abcdef");
}
