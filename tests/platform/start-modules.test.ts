// Decision 0108 (cold start): what a start evaluates is paid on every restart and kept in memory
// whether used or not. The PDF renderer (pdfkit and its fonts, ~2.4 MB of bundle), the mail parser,
// the IMAP client and Stripe's SDK serve work that most starts never see, so they load on first use;
// a static import of any of them from a route or the app's start-up would put them back on every start.
import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";

const LOADED_ON_FIRST_USE = ["pdfkit", "fontkit", "linebreak", "brotli", "mailparser", "imapflow", "libmime", "sharp", "stripe"];

test("A server start evaluates neither the PDF renderer, the mail parser, the IMAP client, Stripe's SDK nor the image library", () => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "tests/helpers/packages-a-start-loads.mjs"], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
    timeout: 90_000,
  });
  const { modules, packages } = JSON.parse(out.trim().split("\n").at(-1)!) as { modules: number; packages: string[] };
  expect(modules).toBeGreaterThan(200);
  // The check sees what it should: React and React Router are loaded by every route.
  expect(packages).toEqual(expect.arrayContaining(["react", "react-router", "kysely"]));
  expect(packages.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
}, 120_000);
