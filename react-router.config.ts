import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest ships as one immutable, cached file (~3 kB gzipped) instead of a
  // partial manifest computed and inlined into every rendered page plus /__manifest requests on
  // navigation ("lazy"): ~5% of each server render's CPU.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
