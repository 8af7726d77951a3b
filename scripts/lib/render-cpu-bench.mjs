// Server CPU per uncached public page: the built server's own user+system time (Linux /proc) over N
// requests, divided by N. On a shared machine the same build's figure moves by a fifth from one
// minute to the next, so two builds are compared side by side: both servers run at once and take
// turns in small batches, each batch charged to the server that answered it.
// The query string keeps each answer out of the HTML cache.
import http from "node:http";
import { readFileSync } from "node:fs";
import { startServer } from "./built-server.mjs";

export const RENDER_URLS = ["/service/web-development?x=1", "/services?x=1"];

// USER_HZ: the kernel's clock ticks in /proc/<pid>/stat, 100 on every Linux build we run on.
const TICK_MS = 10;
const BATCH = 100;

/** User + system CPU time of a process, all its threads, in ms. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces: the fields after it are counted from its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { Accept: "text/html", "Accept-Encoding": "br, gzip" } }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`))));
      })
      .on("error", reject);
  });
}

/** `count` GETs, four at a time (one per socket). */
async function load(url, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await get(url);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** The page's HTML as sent uncompressed: its size, and the loader data's share of it. */
async function pageSize(url) {
  const res = await fetch(url, { headers: { Accept: "text/html", "Accept-Encoding": "identity" } });
  const html = await res.text();
  const data = /window\.__reactRouterContext\.streamController\.enqueue\((.*?)\);<\/script>/s.exec(html)?.[1] ?? "";
  return { htmlBytes: Buffer.byteLength(html), dataBytes: Buffer.byteLength(data) };
}

/**
 * Starts each side's build (`{ label, root, data }`), warms every URL up, then sends `requests` GETs
 * per URL to each side in turns of 100. Returns, per side, one row per URL: ms of server CPU per
 * request, and the HTML and loader-data bytes.
 */
export async function benchRenderCpu({ sides, requests, warmup = 300, log = () => {} }) {
  const servers = [];
  try {
    for (const side of sides) servers.push(await startServer({ data: side.data, root: side.root }));
    const results = sides.map(() => []);
    for (const path of RENDER_URLS) {
      for (const server of servers) await load(server.url + path, warmup);
      const spent = servers.map(() => 0);
      for (let done = 0, turn = 0; done < requests; done += BATCH, turn++) {
        const count = Math.min(BATCH, requests - done);
        // Each turn starts with the other side, so neither always follows the same one.
        const order = servers.map((_, i) => i);
        if (turn % 2 === 1) order.reverse();
        for (const i of order) {
          const before = cpuMs(servers[i].child.pid);
          await load(servers[i].url + path, count);
          spent[i] += cpuMs(servers[i].child.pid) - before;
        }
      }
      for (const [i, server] of servers.entries()) {
        results[i].push({ path, cpuMsPerRequest: spent[i] / requests, ...(await pageSize(server.url + path)) });
        log(`${sides[i].label} ${path}: ${(spent[i] / requests).toFixed(3)} ms/request`);
      }
    }
    return results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
