// An open-loop load for `npm run bench`: requests start on a fixed schedule (rate per second)
// whatever the answers' speed, over a keep-alive pool, and each latency is counted from the time
// the request was due, not sent (no coordinated omission). autocannon's `overallRate` paces in
// bursts: against /healthz at 200/s it reported p50 20 ms for a 0.2 ms answer, and wrk2 (the usual
// tool) is not packaged by Debian. Node's own http client, nothing else.
import http from "node:http";

/**
 * Runs `rate` requests a second for `seconds`. `next(i)` gives request i: { method, path, headers,
 * body }; `onResponse(status, i)` hears each answer. Resolves with counts and latency percentiles (ms).
 */
export async function pacedLoad({ url, rate, seconds, connections = 50, next, onResponse = () => {} }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let ok = 0;
  let bad = 0;
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { method = "GET", path = target.pathname, headers = {}, body } = next(i);
    inFlight.push(
      new Promise((resolve) => {
        const req = http.request({ host: target.hostname, port: target.port, method, path, headers, agent }, (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if (res.statusCode >= 200 && res.statusCode < 300) ok++;
            else bad++;
            onResponse(res.statusCode, i);
            resolve();
          });
        });
        req.on("error", () => {
          bad++;
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { total, ok, bad, rps: ok / elapsed, p50: pct(50), p99: pct(99), max: latencies.at(-1) ?? 0 };
}
