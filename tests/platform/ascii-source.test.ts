import vm from "node:vm";
import { describe, expect, test } from "vitest";
import { asciiSource } from "../../scripts/lib/ascii-source.mjs";

// Every place a non-ASCII character can stand in a module, with what it evaluates to.
const SAMPLE = String.raw`
const café = "naïve – done…";
const identity = "\…";
const evenBackslashes = "\\…".length;
const astral = "👋💿";
const unicodeRegex = /^[👋💿]+$/u.test("👋💿");
const plainRegex = /ł|ẞ/.test("ẞ");
const classRegex = /[–…]{2}/.test("x–…");
const escapedInRegex = /a\…b/.test("a…b");
const template = ${"`"}snippet '…' ${"${"}1 + 1}${"`"};
// a comment with … in it
({ café, identity, evenBackslashes, astral, unicodeRegex, plainRegex, classRegex, escapedInRegex, template });
`;

const evaluate = (source: string) => vm.runInNewContext(source) as Record<string, unknown>;

describe("The server bundle's ASCII rewrite", () => {
  test("leaves a module holding nothing but ASCII", () => {
    const { code, count } = asciiSource(SAMPLE);
    expect(count).toBeGreaterThan(20);
    expect([...code].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
  });

  test("means the same in strings, identity escapes, regular expressions (with and without u), templates and identifiers", () => {
    const before = evaluate(SAMPLE);
    const after = evaluate(asciiSource(SAMPLE).code);
    expect(after).toEqual(before);
    // The sample itself says what it should: the comparison above is of real values.
    expect(before).toEqual({
      café: "naïve – done…",
      identity: "…",
      evenBackslashes: 2,
      astral: "👋💿",
      unicodeRegex: true,
      plainRegex: true,
      classRegex: true,
      escapedInRegex: true,
      template: "snippet '…' 2",
    });
  });

  test("returns ASCII source unchanged", () => {
    const source = 'const a = "plain";';
    expect(asciiSource(source)).toEqual({ code: source, count: 0 });
  });
});
