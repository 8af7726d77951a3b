import { expect, test } from "vitest";
import { initialTapState, isInSecretZone, registerTap, type TapState } from "~/lib/secret-tap";

function tapAt(times: number[]): boolean[] {
  let state: TapState = initialTapState;
  return times.map((t) => {
    const r = registerTap(state, t);
    state = r.state;
    return r.unlocked;
  });
}

test("Five taps within 1.5 seconds unlock on the fifth", () => {
  expect(tapAt([0, 200, 400, 600, 800])).toEqual([false, false, false, false, true]);
});

test("Four taps do not unlock", () => {
  expect(tapAt([0, 100, 200, 300])).not.toContain(true);
});

test("The count restarts when 1.5 seconds pass since the first tap", () => {
  expect(tapAt([0, 300, 600, 900, 1600])).not.toContain(true);
  expect(tapAt([0, 300, 600, 900, 1600, 1700, 1800, 1900, 2000])).toEqual([false, false, false, false, false, false, false, false, true]);
});

test("The zone is the right 20% and bottom 20% of the viewport", () => {
  expect(isInSecretZone(950, 750, 1000, 800)).toBe(true);
  expect(isInSecretZone(800, 640, 1000, 800)).toBe(true);
  expect(isInSecretZone(799, 750, 1000, 800)).toBe(false);
  expect(isInSecretZone(950, 639, 1000, 800)).toBe(false);
});
