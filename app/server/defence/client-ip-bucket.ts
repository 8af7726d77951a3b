import { isIPv4, isIPv6 } from "node:net";

// A client is handed a whole IPv6 /64 (often much more), so it can rotate through 2^64
// addresses; counting per address would give it a fresh bucket per request. IPv4 stays per address.

/**
 * The rate-limit bucket of a client IP: the address itself for IPv4 (also when written as an
 * IPv4-mapped IPv6 address), its /64 for IPv6 (`2001:db8:1:2::/64`), the input unchanged otherwise.
 */
export function clientIpBucket(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = expandIPv6(address);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and an embedded IPv4 tail expanded). */
function expandIPv6(address: string): number[] {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -v4.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
