// The file-transfer figures' reference: a plain static-file server, node:http plus
// fs.createReadStream, sending the file named on the command line from the same disk the app
// stores it on. Run as its own process, like the app server.
//   node scripts/lib/static-file-server.mjs <file>   → prints "listening <port>"
import http from "node:http";
import { createReadStream, statSync } from "node:fs";

const file = process.argv[2];
const server = http.createServer((req, res) => {
  const { size } = statSync(file);
  res.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": String(size) });
  if (req.method === "HEAD") return res.end();
  createReadStream(file).pipe(res);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`listening ${server.address().port}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
