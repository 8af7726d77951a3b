import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { events, type AppEvent } from "~/server/events/bus.server";
import { eventStream, liveSince, recordRecentEvents, streamHolderForIp } from "~/server/events/sse.server";
import { setEnv } from "../helpers/env";

test("Streams from an IPv6 address count against its /64; IPv4 and IPv4-mapped addresses count alone", () => {
  expect(streamHolderForIp("2001:db8:1:2:aaaa::1")).toBe("ip:2001:db8:1:2::/64");
  expect(streamHolderForIp("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("ip:2001:db8:1:2::/64");
  expect(streamHolderForIp("2001:db8::5")).toBe("ip:2001:db8:0:0::/64");
  expect(streamHolderForIp("::1")).toBe("ip:0:0:0:0::/64");
  expect(streamHolderForIp("203.0.113.7")).toBe("ip:203.0.113.7");
  expect(streamHolderForIp("::ffff:203.0.113.7")).toBe("ip:::ffff:203.0.113.7");
});

test("A stream opened with ?since= first replays what its page missed since that time, once per name, and nothing older or unselected", async () => {
  const restore = setEnv({ AUTH_SECRET: "x".repeat(40), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "replay-")) });
  try {
    recordRecentEvents();
    const before = Date.now() - 1;
    // A loader's liveFrom stays put while nothing changes, so the same data reads the same.
    const quiet = liveSince(["opening.changed"]);
    expect(liveSince(["opening.changed"])).toBe(quiet);
    await new Promise((resolve) => setTimeout(resolve, 2));
    events().publish({ type: "opening.changed", id: "*" });
    expect(liveSince(["opening.changed"])).toBeGreaterThan(quiet);
    events().publish({ type: "opening.changed", id: "*" });
    events().publish({ type: "testimonial.changed", id: "*" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = Date.now();
    const pick = (event: AppEvent) => (event.type === "opening.changed" ? "openings" : null);
    const firstChunk = async (query: string) => {
      const abort = new AbortController();
      const reply = eventStream(new Request(`http://x/events/careers${query}`, { signal: abort.signal }), pick, {
        holder: `ip:replay${query}`,
      });
      const reader = reply.body!.getReader();
      let text = "";
      for (let i = 0; i < 5; i++) {
        const read = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 50))]);
        if (!read || read.done) break;
        text += new TextDecoder().decode(read.value);
      }
      abort.abort();
      return text;
    };
    const caughtUp = await firstChunk(`?since=${before}`);
    expect(caughtUp.match(/event: openings/g)).toHaveLength(1);
    expect(caughtUp).not.toContain("testimonial");
    expect(await firstChunk(`?since=${after}`)).not.toContain("event:");
    expect(await firstChunk("")).not.toContain("event:");
    expect(await firstChunk("?since=not-a-time")).not.toContain("event:");
  } finally {
    restore();
  }
});
