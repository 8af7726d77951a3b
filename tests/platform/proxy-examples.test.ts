import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from "~/lib/attachments";
import { parseEnv } from "~/server/env.server";
import { FORM_MAX_BYTES } from "~/server/http/form-data.server";
import { MAX_FILES_PER_UPLOAD } from "~/server/models/projects/project-file-uploads.server";
import { uploadBodyMax } from "~/server/uploads/project-upload.server";
import { RESUME_BODY_MAX_BYTES } from "~/server/uploads/resume-upload.server";
import { routeTable } from "../../security/route-table";
import { tempDir } from "../helpers/temp-dirs";

// deploy/nginx.conf and deploy/Caddyfile must let through every body the app accepts with its
// default limits (the largest: a Files-tab upload of 20 files of FILE_MAX_BYTES), must not buffer
// live updates, and must pass the client's address and scheme. Parsed here; checked by nginx and
// Caddy themselves when they are installed (CI installs both).

const root = path.resolve(import.meta.dirname, "../..");
const nginxConf = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");

// An AUTH_SECRET of its own, so that reading the defaults writes no data/auth-secret.
const defaults = parseEnv({ AUTH_SECRET: "proxy-examples-test-secret-0123456789" });
/** The Files tab's largest upload with default settings: 2,098,200,576 bytes. */
const largestUpload = uploadBodyMax({
  maxFiles: MAX_FILES_PER_UPLOAD,
  maxFileBytes: defaults.FILE_MAX_BYTES,
  maxTotalBytes: defaults.PROJECT_QUOTA_BYTES,
});
/** Any other route's largest body: a support request's five attachments, a resume, a form. */
const largestOther = Math.max(
  uploadBodyMax({ maxFiles: ATTACHMENT_MAX_FILES, maxFileBytes: ATTACHMENT_MAX_BYTES }),
  RESUME_BODY_MAX_BYTES,
  FORM_MAX_BYTES,
);

const routes = routeTable();
const uploadPath = routes.find((r) => r.file === "routes/resources/project-files-upload.ts")!.pattern.replace(":id", "p_8f3a2c");
const sseModules = routes.filter((r) => readFileSync(path.join(root, "app", r.file), "utf8").includes("eventStream("));

interface Block {
  directives: string[][];
  children: { args: string[]; block: Block }[];
}

/** nginx's syntax, enough for this file: directives end with ';', blocks sit in braces. */
function parseNginx(text: string): Block {
  const tokens = text.replace(/#.*$/gm, "").match(/"[^"]*"|[{};]|[^\s{};]+/g) ?? [];
  let i = 0;
  function block(): Block {
    const result: Block = { directives: [], children: [] };
    let words: string[] = [];
    while (i < tokens.length) {
      const token = tokens[i++]!;
      if (token === "}") break;
      if (token === ";") {
        result.directives.push(words);
        words = [];
      } else if (token === "{") {
        result.children.push({ args: words, block: block() });
        words = [];
      } else words.push(token);
    }
    return result;
  }
  return block();
}

const value = (block: Block, name: string) => block.directives.find(([n]) => n === name)?.slice(1);
const nginxBytes = (size: string) =>
  Number(/^\d+/.exec(size)![0]) * 1024 ** " kmg".indexOf(size.slice(-1).toLowerCase().replace(/\d/, " "));
/** Caddy's sizes (go-humanize): KB, MB, GB are powers of ten, KiB, MiB, GiB powers of two. */
function caddyBytes(size: string): number {
  const [, number, unit = ""] = /^(\d+)\s*([a-z]*)$/i.exec(size)!;
  const units: Record<string, number> = {
    "": 1,
    b: 1,
    k: 1e3,
    kb: 1e3,
    kib: 1024,
    m: 1e6,
    mb: 1e6,
    mib: 1024 ** 2,
    g: 1e9,
    gb: 1e9,
    gib: 1024 ** 3,
  };
  return Number(number) * units[unit.toLowerCase()]!;
}

describe("deploy/nginx.conf", () => {
  const http = parseNginx(nginxConf);
  const tls = http.children.find((c) => c.args[0] === "server" && value(c.block, "listen")?.includes("443"))!.block;
  const location = (match: (args: string[]) => boolean) => tls.children.find((c) => c.args[0] === "location" && match(c.args.slice(1)))!;
  const uploads = location((args) => args[0] === "~" && new RegExp(args[1]!).test(uploadPath));

  test("The Files tab's upload location takes the app's largest upload with the default FILE_MAX_BYTES", () => {
    expect(largestUpload).toBe(2_098_200_576);
    expect(nginxBytes(value(uploads.block, "client_max_body_size")![0]!)).toBeGreaterThanOrEqual(largestUpload);
    expect(value(uploads.block, "proxy_request_buffering")).toEqual(["off"]);
  });

  test("Every other route takes five full attachments, a resume or a form", () => {
    expect(nginxBytes(value(tls, "client_max_body_size")![0]!)).toBeGreaterThanOrEqual(largestOther);
    expect(new RegExp(uploads.args[2]!).test("/user-dashboard/support")).toBe(false);
  });

  test("Live updates are not buffered, and every event-stream route is under /events/", () => {
    const events = location((args) => args[0] === "/events/");
    expect(value(events.block, "proxy_buffering")).toEqual(["off"]);
    expect(sseModules.length).toBeGreaterThanOrEqual(4);
    for (const route of sseModules) expect(route.pattern.startsWith("/events/"), route.pattern).toBe(true);
  });

  test("Client address, scheme and host are overwritten for the app's TRUSTED_PROXIES check", () => {
    const headers = tls.directives.filter(([n]) => n === "proxy_set_header").map(([, name, v]) => `${name} ${v}`);
    expect(headers).toEqual(
      expect.arrayContaining(["X-Forwarded-For $remote_addr", "X-Forwarded-Proto $scheme", "X-Forwarded-Host $host", "Host $host"]),
    );
  });

  const nginx = spawnSync("nginx", ["-v"]).status === 0;
  if (!nginx) console.warn("[proxy-examples] nginx is not installed: its syntax check is skipped (apt-get install nginx-light).");
  test.skipIf(!nginx)("nginx accepts the file as written", () => {
    const dir = tempDir("nginx-");
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=www.example.com", "-days", "1"].concat([
        "-keyout",
        path.join(dir, "privkey.pem"),
        "-out",
        path.join(dir, "fullchain.pem"),
      ]),
      { stdio: "ignore" },
    );
    // Only the certificate paths change: nginx -t opens the files it names.
    writeFileSync(path.join(dir, "agency.conf"), nginxConf.replaceAll("/etc/letsencrypt/live/www.example.com", dir));
    const main = `error_log ${dir}/error.log; pid ${dir}/nginx.pid; events {} http { include ${dir}/agency.conf; }`;
    writeFileSync(path.join(dir, "nginx.conf"), main);
    const check = spawnSync("nginx", ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
    expect(check.stderr).toContain("test is successful");
  });
});

// The stand-alone example and compose.yaml's proxy carry the same limits.
describe.each(["deploy/Caddyfile", "deploy/compose.Caddyfile"])("%s", (file) => {
  const caddyfile = readFileSync(path.join(root, file), "utf8");
  const uploadMatcher = /@upload path_regexp (\S+)/.exec(caddyfile)![1]!;
  const uploadSize = /handle @upload \{[^}]*max_size (\S+)/.exec(caddyfile)![1]!;
  const otherSize = /handle \{[^}]*max_size (\S+)/.exec(caddyfile)![1]!;

  test("The Files tab's upload takes the app's largest upload, and other routes five full attachments", () => {
    expect(new RegExp(uploadMatcher).test(uploadPath)).toBe(true);
    expect(caddyBytes(uploadSize)).toBeGreaterThanOrEqual(largestUpload);
    expect(caddyBytes(otherSize)).toBeGreaterThanOrEqual(largestOther);
    // The trap the comment warns of: 2GB in Caddy is 2,000,000,000 bytes.
    expect(caddyBytes("2GB")).toBeLessThan(largestUpload);
  });

  test("Responses are flushed as they are written, so live updates are not held back", () => {
    expect(caddyfile).toMatch(/reverse_proxy [^{]*\{[^}]*flush_interval -1/);
  });

  const caddy = spawnSync("caddy", ["version"]).status === 0;
  if (!caddy) console.warn("[proxy-examples] Caddy is not installed: its own reading of the file is skipped (apt-get install caddy).");
  test.skipIf(!caddy)("Caddy accepts the file and reads the same limits from it", () => {
    const adapted = spawnSync("caddy", ["adapt", "--config", path.join(root, file), "--validate"], {
      encoding: "utf8",
      env: { ...process.env, SITE_DOMAIN: "www.example.com" },
    });
    expect(adapted.status, adapted.stderr).toBe(0);
    const sizes = [...adapted.stdout.matchAll(/"max_size":(\d+)/g)].map((m) => Number(m[1]));
    expect(sizes).toEqual([caddyBytes(uploadSize), caddyBytes(otherSize)]);
    expect(adapted.stdout).toContain('"flush_interval":-1');
  });
});
