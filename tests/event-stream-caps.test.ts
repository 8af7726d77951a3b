import { expect, test } from "vitest";
import { streamHolderForIp } from "~/server/events/sse.server";

test("Streams from an IPv6 address count against its /64; IPv4 and IPv4-mapped addresses count alone", () => {
  expect(streamHolderForIp("2001:db8:1:2:aaaa::1")).toBe("ip:2001:db8:1:2::/64");
  expect(streamHolderForIp("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("ip:2001:db8:1:2::/64");
  expect(streamHolderForIp("2001:db8::5")).toBe("ip:2001:db8:0:0::/64");
  expect(streamHolderForIp("::1")).toBe("ip:0:0:0:0::/64");
  expect(streamHolderForIp("203.0.113.7")).toBe("ip:203.0.113.7");
  expect(streamHolderForIp("::ffff:203.0.113.7")).toBe("ip:::ffff:203.0.113.7");
});
