import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { tempDir } from "../helpers/temp-dirs";

// deploy/agency.service: hardened, and stopping gives the server's own drain time. systemd itself
// checks the file and scores its exposure where systemd-analyze is installed.

const root = path.resolve(import.meta.dirname, "../..");
const unitText = readFileSync(path.join(root, "deploy/agency.service"), "utf8");

/** The [Service] section as name → values (a key may repeat). */
function serviceSection(text: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let section = "";
  for (const line of text.split("\n").map((l) => l.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else if (section === "Service") {
      const [name, ...rest] = line.split("=");
      keys.set(name!, [...(keys.get(name!) ?? []), rest.join("=")]);
    }
  }
  return keys;
}

const service = serviceSection(unitText);
const one = (name: string) => service.get(name)?.at(-1);

test("The unit runs the server as its own user, with the environment file, and restarts it on failure", () => {
  expect(one("User")).toBe("agency");
  expect(one("EnvironmentFile")).toBe("/etc/agency/env");
  expect(one("ExecStart")).toMatch(/\/node --max-semi-space-size=2 build\/server\.js$/);
  expect(one("Restart")).toBe("on-failure");
});

test("The unit is hardened: no new privileges, a read-only system, no home folders, a private /tmp, no capabilities", () => {
  expect(one("NoNewPrivileges")).toBe("yes");
  expect(one("ProtectSystem")).toBe("strict");
  expect(one("ProtectHome")).toBe("yes");
  expect(one("PrivateTmp")).toBe("yes");
  expect(one("PrivateDevices")).toBe("yes");
  expect(one("CapabilityBoundingSet")).toBe("");
  expect(service.get("SystemCallFilter")).toContain("@system-service");
});

test("Only the data folder under the working directory is writable", () => {
  expect(service.get("ReadWritePaths")).toEqual([`${one("WorkingDirectory")}/data`]);
});

test("systemd waits longer than the server's own drain before it kills", () => {
  const grace = Number(
    /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(readFileSync(path.join(root, "server.ts"), "utf8"))![1]!.replace(/_/g, ""),
  );
  expect(one("KillSignal")).toBe("SIGTERM");
  expect(Number(one("TimeoutStopSec")) * 1000).toBeGreaterThan(grace);
});

const analyze = spawnSync("systemd-analyze", ["--version"], { encoding: "utf8" });
const systemdVersion = analyze.status === 0 ? Number(/systemd (\d+)/.exec(analyze.stdout)?.[1] ?? 0) : 0;
if (!systemdVersion) console.warn("[systemd-unit] systemd-analyze is not installed: systemd's own checks of the unit are skipped.");

/** The unit in a temp folder, its Node path pointed at this Node so that verify finds a binary. */
function unitCopy(): string {
  const file = path.join(tempDir("unit-"), "agency.service");
  writeFileSync(file, unitText.replace("ExecStart=/usr/bin/node", `ExecStart=${process.execPath}`));
  return file;
}

test.skipIf(!systemdVersion)("systemd-analyze verify finds nothing to say about the unit", () => {
  const verify = spawnSync("systemd-analyze", ["verify", unitCopy()], { encoding: "utf8" });
  expect(verify.stderr.trim()).toBe("");
  expect(verify.status).toBe(0);
});

test.skipIf(systemdVersion < 250)('systemd rates the unit\'s exposure 2.0 or lower ("OK")', () => {
  const security = spawnSync("systemd-analyze", ["security", "--offline=yes", "--no-pager", unitCopy()], { encoding: "utf8" });
  const score = Number(/Overall exposure level for agency\.service: ([\d.]+)/.exec(security.stdout)?.[1]);
  expect(score).toBeLessThanOrEqual(2);
});
