import { sql } from "kysely";
import { afterAll, beforeAll, describe, inject, test } from "vitest";
import { get, postForm, register, signIn, PASSWORD } from "./helpers/client";
import { closeDatabase, database } from "./helpers/database";
import { send, type Reply } from "./helpers/http";
import { startServer, type RunningServer, type ServerInfo } from "./helpers/server";
import { tally, type Tally } from "./helpers/tally";
import { refusedScripts, scriptSources } from "../tests/helpers/csp";

const [world] = inject("worlds");
const server = world!.server;
let https: RunningServer;

beforeAll(async () => {
  // Served over HTTPS by a proxy in front: APP_URL says so, and that turns on Secure and HSTS.
  https = await startServer({ env: { APP_URL: "https://127.0.0.1" } });
});
afterAll(async () => {
  await closeDatabase(https);
  await https?.stop();
});

interface Sample {
  kind: string;
  reply: Reply;
  /** A document (HTML) rather than a resource. */
  html: boolean;
  /** Shows someone's own data: must never be stored by a browser or proxy. */
  personal: boolean;
}

/** Pages the HTML cache may store: the same bytes for everyone, so scripts by hash (decision 0112). */
const STORED_KINDS = new Set(["marketing page", "marketing page from the HTML cache"]);

function header(reply: Reply, name: string): string {
  const value = reply.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));
}

function checkHeaders(t: Tally, sample: Sample, overHttps: boolean) {
  const { reply, kind } = sample;
  const label = `${kind} (${reply.status})`;
  t.check(`${label}: X-Content-Type-Options nosniff`, header(reply, "x-content-type-options") === "nosniff");
  t.check(`${label}: Referrer-Policy`, header(reply, "referrer-policy") === "strict-origin-when-cross-origin");
  t.check(`${label}: X-Frame-Options DENY`, header(reply, "x-frame-options") === "DENY");
  t.check(`${label}: no X-Powered-By`, header(reply, "x-powered-by") === "");
  const csp = header(reply, "content-security-policy");
  t.check(`${label}: CSP frame-ancestors 'none'`, directive(csp, "frame-ancestors") === "frame-ancestors 'none'", csp);
  if (sample.html) {
    const sources = scriptSources(csp);
    const nonces = sources.filter((s) => s.startsWith("'nonce-"));
    const hashes = sources.filter((s) => s.startsWith("'sha256-"));
    // A stored page names its scripts by hash (a nonce in it would be everyone's); any other page
    // by its own nonce. Never both, never 'unsafe-inline' or 'unsafe-eval'.
    const stored = STORED_KINDS.has(kind);
    t.check(
      `${label}: scripts by ${stored ? "hash" : "nonce"}, never inline`,
      (stored ? nonces.length === 0 && hashes.length > 0 : nonces.length === 1 && hashes.length === 0) &&
        !sources.includes("'unsafe-inline'") &&
        !sources.includes("'unsafe-eval'"),
      sources.join(" "),
    );
    t.check(
      `${label}: object-src 'none' and base-uri 'self'`,
      directive(csp, "object-src") === "object-src 'none'" && directive(csp, "base-uri") === "base-uri 'self'",
    );
    const refused = refusedScripts(reply.body, csp);
    t.check(`${label}: every inline script is one its CSP names`, refused.length === 0, refused.join(" | "));
  } else {
    t.check(`${label}: CSP default-src 'none'`, directive(csp, "default-src") === "default-src 'none'", csp);
  }
  if (sample.personal)
    t.check(`${label}: Cache-Control no-store`, /no-store/.test(header(reply, "cache-control")), header(reply, "cache-control"));
  const hsts = header(reply, "strict-transport-security");
  t.check(`${label}: HSTS ${overHttps ? "on" : "off"}`, overHttps ? /max-age=\d{8,}/.test(hsts) : hsts === "", hsts);
}

/** One response of every kind the server gives, each for the visitor it is meant for. */
async function samples(target: ServerInfo, people: { client: string; staff?: string; applicationId?: string }): Promise<Sample[]> {
  const list: Sample[] = [];
  const add = async (kind: string, reply: Promise<Reply>, html: boolean, personal = false) =>
    list.push({ kind, reply: await reply, html, personal });
  await add("marketing page", get(target, "/services"), true);
  await add("marketing page from the HTML cache", get(target, "/services"), true);
  await add("marketing page rendered (query string)", get(target, "/services?ref=x"), true);
  await add("marketing page, signed in", get(target, "/services", people.client), true, true);
  await add("form page", get(target, "/quote"), true);
  await add("portal page", get(target, "/user-dashboard/projects", people.client), true, true);
  if (people.staff) await add("console page", get(target, "/employee-dashboard/leads", people.staff), true, true);
  await add(
    "portal action answer",
    postForm(target, "/user-dashboard/projects", { intent: "create-project", title: "" }, { cookie: people.client }),
    true,
    true,
  );
  await add("resource route (JSON)", get(target, "/healthz"), false);
  await add("resource route (text)", get(target, "/robots.txt"), false);
  await add("resource route (XML)", get(target, "/sitemap.xml"), false);
  if (people.staff) await add("CSV export", get(target, "/employee-dashboard/leads/export", people.staff), false, true);
  if (people.staff && people.applicationId) {
    const download = get(target, `/employee-dashboard/applications/${people.applicationId}/resume`, people.staff);
    await add("resume download", download, false, true);
  }
  await add("event stream (public)", get(target, "/events/careers"), false);
  await add("event stream (personal)", get(target, "/events/portal", people.client), false, true);
  await add("static asset", send(target.url, "/favicon.svg"), false);
  await add("404 page", get(target, "/apply/no-such-opening"), true);
  await add("404 resource", get(target, "/api/auth/no-such-endpoint"), false);
  await add("redirect", get(target, "/dashboard"), false);
  await add("403 page (client in the console)", get(target, "/employee-dashboard", people.client), true, true);
  await add("403 refusal (cross-site post)", postForm(target, "/quote", {}, { origin: "https://evil.example" }), false);
  return list;
}

/** A database fault while a page loads: the table it reads is renamed away, then restored. */
async function serverError(target: ServerInfo, cookie: string): Promise<Reply> {
  const db = database(target);
  await sql`alter table profiles rename to profiles_unavailable`.execute(db);
  try {
    return await get(target, "/user-dashboard", cookie);
  } finally {
    await sql`alter table profiles_unavailable rename to profiles`.execute(db);
  }
}

describe("Headers and cookies", () => {
  test("Every kind of response carries the security headers, and personal ones are never stored", async (context) => {
    const t = tally(context, "Headers and cookies");
    const people = {
      client: world!.actors["client A"].cookie!,
      staff: world!.actors.staff.cookie!,
      applicationId: world!.records["client A"].applicationId,
    };
    const list = await samples(server, people);
    t.check(
      "the resume download is an attachment",
      /^attachment;/.test(header(list.find((s) => s.kind === "resume download")!.reply, "content-disposition")),
    );
    for (const sample of list) checkHeaders(t, sample, false);

    const failed = await serverError(server, people.client);
    t.check("a database fault answers 500", failed.status === 500, String(failed.status));
    t.check("the 500 page tells nothing about the fault", !/profiles|SqliteError|relation|stack|at async/i.test(failed.body));
    checkHeaders(t, { kind: "500 page", reply: failed, html: true, personal: true }, false);
    t.check("the page works again once the database is back", (await get(server, "/user-dashboard", people.client)).status === 200);
    t.done();
  });

  test("Behind HTTPS every kind of response adds HSTS", async (context) => {
    const t = tally(context, "Headers and cookies");
    const client = await register(https, `https-${Date.now()}@example.com`);
    for (const sample of await samples(https, { client })) checkHeaders(t, sample, true);
    t.done();
  });

  test("Every cookie the server sets is HttpOnly, SameSite=Lax and Path=/, and Secure with the __Secure- prefix behind HTTPS", async (context) => {
    const t = tally(context, "Headers and cookies");
    for (const [target, overHttps] of [
      [server, false],
      [https, true],
    ] as const) {
      const email = `cookies-${overHttps ? "s" : "p"}-${Date.now()}@example.com`;
      const replies: [string, Reply][] = [];
      replies.push(["register", await postForm(target, "/login", { intent: "register", email, password: PASSWORD })]);
      const cookie = await signIn(target, email);
      replies.push(["login", await postForm(target, "/login", { intent: "login", email, password: PASSWORD })]);
      replies.push(["home-dashboard toggle", await postForm(target, "/home-dashboard", { enabled: "1", returnTo: "/" }, { cookie })]);
      replies.push(["logout", await postForm(target, "/logout", { intent: "logout" }, { cookie })]);
      if (!overHttps)
        replies.push([
          "employee login",
          await postForm(target, "/employee-login", { intent: "login", email: world!.actors.staff.email!, password: world!.staffPassword }),
        ]);
      for (const [step, reply] of replies) {
        t.check(`${step} sets a cookie`, reply.cookies.length > 0);
        for (const set of reply.cookies) {
          const [pair, ...attrs] = set.split(";").map((s) => s.trim());
          const has = (name: string) => attrs.some((a) => a.toLowerCase() === name.toLowerCase());
          const label = `${overHttps ? "https" : "http"} ${step}: ${pair!.split("=")[0]}`;
          t.check(`${label} is HttpOnly`, has("HttpOnly"));
          t.check(`${label} is SameSite=Lax`, has("SameSite=Lax"));
          t.check(`${label} has Path=/`, has("Path=/"));
          t.check(`${label} is Secure exactly behind HTTPS`, has("Secure") === overHttps);
          if (pair!.includes("session_token"))
            t.check(`${label} has the __Secure- prefix exactly behind HTTPS`, pair!.startsWith("__Secure-") === overHttps);
          t.check(`${label} has no Domain (host-only)`, !attrs.some((a) => /^domain=/i.test(a)));
        }
      }
    }
    t.done();
  });

  test("Every page the HTML cache stores is the same bytes for everyone and runs exactly the inline scripts its CSP names by hash", async (context) => {
    const t = tally(context, "Headers and cookies");
    for (const path of ["/", "/services", "/service/web-development", "/cases", "/careers", "/about", "/terms", "/privacy"]) {
      // The first visit renders and stores the page (once compressed); then it comes from memory.
      const replies: Reply[] = [await get(server, path)];
      for (let i = 0; i < 50 && header(replies[replies.length - 1]!, "age") === ""; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        replies.push(await get(server, path));
      }
      for (let i = 0; i < 2; i++) replies.push(await get(server, path));
      const last = replies[replies.length - 1]!;
      const csp = header(last, "content-security-policy");
      const sources = scriptSources(csp);
      t.check(`${path}: answered from the cache`, header(last, "age") !== "", header(last, "age"));
      t.check(
        `${path}: every response the same body and policy`,
        replies.every((r) => r.body === last.body && header(r, "content-security-policy") === csp),
      );
      // Nothing a visitor could reuse: no nonce in the policy, none in the page.
      t.check(`${path}: no nonce in the CSP or the page`, !/'nonce-/.test(csp) && !/\snonce="/.test(last.body), csp);
      t.check(
        `${path}: script-src is 'self' and hashes only`,
        sources[0] === "'self'" && sources.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(s)),
        sources.join(" "),
      );
      const refused = refusedScripts(last.body, csp);
      t.check(
        `${path}: every inline script (and the module script the boot script adds) matches a hash`,
        refused.length === 0,
        refused.join(" | "),
      );
      // A script that reached the page through its content would be refused: its text has no hash.
      const injected = last.body.replace("</main>", "<script>fetch('/x?'+document.cookie)</script></main>");
      t.check(`${path}: a script injected into the content matches no hash`, refusedScripts(injected, csp).length === 1);
    }
    t.done();
  });
});
