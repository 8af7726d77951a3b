# The production image (docs/container.md, decision 0061):
#   docker build -t agency-site .
#   docker run -d -p 3000:3000 -v agency-data:/data agency-site
# Four stages; only the last one ships. It holds the production artifact (what `npm run build`
# makes), its production dependencies, Node, npm and tini: no compilers, no dev packages, no sources.
# Works with BuildKit and with the classic builder.
# Both bases are official images on the same Debian release (the Node one is built on the other).
ARG NODE_IMAGE=node:24-bookworm-slim
ARG DEBIAN_IMAGE=debian:bookworm-slim

# --- manifest: package.json and the lockfile, reduced to what an install reads ----------------
# The install layers below are the slow ones (minutes of compiling). Keyed on these files, they are
# reused when only scripts or the version (`npm version`) change, not only when nothing changed.
# prod/ has no devDependencies: npm installs a devDependency that is also an optional peer of a
# dependency even with --omit=dev (npm/cli#7772), so nothing may ask for them.
FROM ${NODE_IMAGE} AS manifest
COPY package.json package-lock.json /in/
RUN node -e ' \
  const fs = require("fs"); \
  const p = require("/in/package.json"); \
  const lock = require("/in/package-lock.json"); \
  delete lock.version; \
  delete lock.packages[""].version; \
  const full = { name: p.name, type: p.type, engines: p.engines, scripts: { postinstall: p.scripts.postinstall } }; \
  for (const k of ["dependencies", "devDependencies", "optionalDependencies", "overrides"]) full[k] = p[k]; \
  const prod = { ...full, devDependencies: undefined }; \
  for (const [dir, manifest] of [["full", full], ["prod", prod]]) { \
    fs.mkdirSync("/out/" + dir, { recursive: true }); \
    fs.writeFileSync("/out/" + dir + "/package.json", JSON.stringify(manifest, null, 2)); \
    fs.writeFileSync("/out/" + dir + "/package-lock.json", JSON.stringify(lock, null, 2)); \
  }'

# --- deps: the production install, with the tools to compile native addons -------------------
FROM ${NODE_IMAGE} AS deps
# better-sqlite3 has no prebuilt binary it may fetch (only npm packages are downloaded), so node-gyp
# compiles it against the headers that ship with this Node (npm_config_nodedir). tini: see below.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ tini \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /app
COPY --from=manifest /out/prod/ ./
COPY .npmrc ./
COPY patches patches
# `npm ci` cannot be used: the registry lacks other platforms' optional binaries, so the lockfile
# omits them (.ci/run). postinstall applies patches/ with patch-package, a runtime dependency.
RUN npm install --omit=dev && npm cache clean --force

# --- build: the whole source and every dev package, then `npm run build` -----------------------
FROM deps AS build
COPY --from=manifest /out/full/ ./
RUN npm install && npm cache clean --force
COPY . .
RUN npm run build
# What the image runs: exactly the production artifact of that build (decision 0060), admin tools
# bundled, no sources.
RUN npm run artifact -- /artifact

# --- runtime --------------------------------------------------------------------------------
# Debian with Node's binary and npm copied in: the Node image's C headers (about 60 MB) serve only
# compilers, which stay in the stages above.
FROM ${DEBIAN_IMAGE}
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /usr/sbin/nologin node
# fontconfig's settings and DejaVu: the share image's text is set in Inter (a dependency), and a
# letter Inter lacks (Arabic, Hebrew, Armenian…) falls back to DejaVu through fontconfig (decision 0115).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig-config fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
COPY --from=deps /usr/local/bin/node /usr/local/bin/node
COPY --from=deps /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/npm
# tini is PID 1: it passes SIGTERM/SIGINT to node (whose handler drains and exits 0) and reaps
# processes that `docker exec` leaves behind. The static build needs no library.
COPY --from=deps /usr/bin/tini-static /usr/bin/tini
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/app.sqlite \
    STORAGE_DIR=/data/uploads \
    BACKUP_URL=file:/data/backups \
    NODE_COMPILE_CACHE=/tmp/agency-compile-cache \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=32768 \
    npm_config_update_notifier=false
WORKDIR /app
# Everything the app keeps lands in /data, also what it writes under ./data by default (the
# generated auth-secret, mails queued as .eml files when SMTP_URL is unset). The app's files stay
# root's: the server cannot rewrite its own code.
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && mkdir /data && chown node:node /data && ln -s /data /app/data
COPY --from=deps /app/node_modules node_modules
COPY --from=build /artifact/ ./
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-semi-space-size=2", "scripts/start.mjs"]
