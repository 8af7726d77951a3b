import { expect, test } from "vitest";
import { safeReturnPath } from "~/lib/return-path";

test("A return path is kept when it is a path on this site", () => {
  expect(safeReturnPath("/")).toBe("/");
  expect(safeReturnPath("/careers")).toBe("/careers");
  expect(safeReturnPath("/user-dashboard/projects?page=2#top")).toBe("/user-dashboard/projects?page=2#top");
  expect(safeReturnPath("/caf\u00e9 menu")).toBe("/caf%C3%A9%20menu");
});

test("Anything that could leave the site, or break a header, falls back", () => {
  const refused = [
    "/\\evil.example",
    "\\\\evil.example",
    "//evil.example",
    "/\\/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "https://evil.example/",
    "http:evil.example",
    "evil.example",
    " /x",
    "",
    "/e\u0000",
    "/apply/x\nenv;",
    "/a\rb",
    "/a\tb",
    "/a\u007f",
    "/\u0085",
  ];
  for (const value of refused) expect(safeReturnPath(value), JSON.stringify(value)).toBe("/");
  expect(safeReturnPath(null)).toBe("/");
  expect(safeReturnPath(new File([], "x"))).toBe("/");
  expect(safeReturnPath("//evil.example", "/dashboard")).toBe("/dashboard");
});
