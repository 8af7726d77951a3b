import { expect, test } from "vitest";
import { nextScrollLeft } from "~/lib/use-pausable-interval";

test("A strip scrolls by half its visible width", () => {
  expect(nextScrollLeft(0, 800, 3000)).toBe(400);
  expect(nextScrollLeft(400, 800, 3000)).toBe(800);
});

test("A strip stops at its end, then wraps to the start", () => {
  expect(nextScrollLeft(2000, 800, 3000)).toBe(2200);
  expect(nextScrollLeft(2200, 800, 3000)).toBe(0);
});

test("A strip that fits its container stays put", () => {
  expect(nextScrollLeft(0, 800, 800)).toBe(0);
});
