import { expect, test } from "vitest";
import { HYDRATED_EVENT } from "~/lib/hydration";
import { deferModuleScripts } from "~/server/http/deferred-scripts.server";

/** The rewrite of a page given as text, answered as text (it works on the rendered bytes). */
function defer(html: string, nonce: string, handOn?: string) {
  const deferred = deferModuleScripts(Buffer.from(html), nonce, handOn);
  return { html: deferred.html.toString("utf8"), created: deferred.created };
}

// The markup React Router 7.18's <Scripts> emits (after React hoists the preloads into <head>);
// e2e/deferred-scripts.spec.ts checks the rewrite on the real pages of the built server.
const nonce = "abc123==";
const moduleCode = `;\nimport * as route0 from "/assets/root-1.js";\nwindow.__reactRouterManifest = {"x":"</scr"+"ipt>"};\nimport("/assets/entry.client-2.js");`;
const page = [
  "<!DOCTYPE html><html><head>",
  `<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/chunk-3.js?a=1&amp;b=2" nonce="${nonce}"/>`,
  `</head><body><main id="main">Hello</main>`,
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${nonce}" type="module" async="">${moduleCode}</script>`,
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`,
  "</body></html>",
].join("");

/** Runs the boot script's call with a stand-in for the function it calls, returning its arguments. */
function bootArguments(html: string): unknown[] {
  const script = /<script nonce="[^"]*">\((function bootApp[\s\S]*?)\)\((\[[\s\S]*?)\)<\/script>/.exec(html);
  expect(script, "boot script").not.toBeNull();
  return new Function(`return [${script![2]}]`)() as unknown[];
}

test("The rewritten page has no module preloads and no module script, and keeps everything else in place", () => {
  const { html } = defer(page, nonce);
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).toContain(`<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`);
  expect(html.indexOf("window.__reactRouterContext = {}")).toBeLessThan(html.indexOf("bootApp"));
  expect(html.indexOf("bootApp")).toBeLessThan(html.indexOf("streamController.close()"));
});

test("The boot script receives the preloaded modules in order, React Router's module code unchanged, the nonce and the hydration event", () => {
  const [preloads, code, sentNonce, event] = bootArguments(defer(page, nonce).html);
  expect(preloads).toEqual(["/assets/entry.client-2.js", "/assets/chunk-3.js?a=1&b=2"]);
  expect(code).toBe(moduleCode);
  expect(sentNonce).toBe(nonce);
  expect(event).toBe(HYDRATED_EVENT);
});

test("Markup inside the module code is escaped, so the inline boot script cannot be ended or hijacked", () => {
  const tricky = `;window.x = "<!--<script>";`;
  const { html } = defer(page.replace(moduleCode, tricky), nonce);
  const boot = html.slice(html.indexOf("(function bootApp"), html.indexOf("</script>", html.indexOf("(function bootApp")));
  expect(boot).not.toMatch(/<!--|<script/i);
  expect(bootArguments(html)[1]).toBe(tricky);
});

test("A page without React Router's module script (another nonce, or none) is left as rendered", () => {
  expect(defer(page, "other")).toEqual({ html: page, created: [] });
  const withoutModule = page.replace(/<script nonce="[^"]*" type="module"[\s\S]*?<\/script>/, "");
  expect(defer(withoutModule, nonce)).toEqual({ html: withoutModule, created: [] });
});

test("For a page whose CSP lists hashes, the boot script hands on no nonce and names the module script it will create", () => {
  const { html, created } = defer(page, nonce, "");
  expect(bootArguments(html)[2]).toBe("");
  // Its text exactly: a hash of it is what lets the browser run it.
  expect(created).toEqual([moduleCode]);
});

test("A module script inside the page's content, without the render's nonce, is never taken for React Router's", () => {
  const injected = `<script type="module" async="">alert(1)</script>`;
  const { html, created } = defer(page.replace("Hello", injected), nonce, "");
  expect(created).toEqual([moduleCode]);
  expect(html).toContain(injected);
});

test("Text in any script survives the rewrite byte for byte, and a preload after the module script is taken too", () => {
  const words = "Zoë’s café — ₹1,200 · 日本 🎉";
  const code = `;window.__t = ${JSON.stringify(words)};`;
  const late = `<link rel="modulepreload" href="/assets/late-4.js" nonce="${nonce}"/>`;
  const between = `<link rel="icon" href="/favicon.ico"/>`;
  const text = page
    .replace("Hello", words)
    .replace(moduleCode, code)
    .replace(`<link rel="modulepreload" href="/assets/chunk-3.js`, `${between}<link rel="modulepreload" href="/assets/chunk-3.js`)
    .replace("</body>", `${late}</body>`);
  const { html } = defer(text, nonce);
  expect(html).toContain(`<main id="main">${words}</main>`);
  expect(html).toContain(between);
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  const [preloads, sent] = bootArguments(html);
  expect(preloads).toEqual(["/assets/entry.client-2.js", "/assets/chunk-3.js?a=1&b=2", "/assets/late-4.js"]);
  expect(sent).toBe(code);
});
