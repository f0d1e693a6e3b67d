#!/usr/bin/env bash
# Writes a minimal Debian bookworm root file system as a tar stream on standard output, the
# equivalent of debian:bookworm-slim: debootstrap's minbase variant against the mirror apt is
# configured with (so a machine without Docker Hub, or behind an apt mirror, builds it), then
# trimmed the way the slim images are (no documentation, manual pages, locales or apt lists).
# Usage: debian-rootfs.sh [SUITE] > rootfs.tar   (root; needs debootstrap)
set -euo pipefail

suite="${1:-bookworm}"

# The first deb822 or one-line source of this machine's apt for SUITE (and SUITE-security), so
# the image uses the same mirror the host is allowed to reach.
apt_mirror() {
  local want="$1" file
  for file in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list /etc/apt/sources.list; do
    [ -f "$file" ] || continue
    case "$file" in
      *.sources)
        awk -v want="$want" '
          /^[[:space:]]*$/ { if (uri && ok) { print uri; exit } uri = ""; ok = 0; next }
          /^URIs:/ { uri = $2 }
          /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == want) ok = 1 }
          END { if (uri && ok) print uri }' "$file"
        ;;
      *)
        awk -v want="$want" '$1 == "deb" { for (i = 2; i < NF; i++) if ($i !~ /^\[/ && $(i + 1) == want) { print $i; exit } }' "$file"
        ;;
    esac
  done | head -n 1
}

mirror="${DEBIAN_MIRROR:-$(apt_mirror "$suite")}"
security="${DEBIAN_SECURITY_MIRROR:-$(apt_mirror "$suite-security")}"
mirror="${mirror:-http://deb.debian.org/debian}"
security="${security:-http://deb.debian.org/debian-security}"
echo "debian-rootfs: $suite from $mirror (security: $security)" >&2

work="$(mktemp -d "${TMPDIR:-/tmp}/debian-rootfs.XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

debootstrap --variant=minbase --merged-usr "$suite" "$root" "$mirror" >&2

# What the official slim images configure: no docs, man pages or locales from later installs,
# no recommends, apt lists and caches removed.
cat > "$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
CFG
cat > "$root/etc/apt/apt.conf.d/docker-clean" <<'CFG'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CFG
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' > "$root/etc/apt/apt.conf.d/docker-no-recommends"
printf 'Acquire::Languages "none";\n' > "$root/etc/apt/apt.conf.d/docker-no-languages"

rm -f "$root/etc/apt/sources.list"
cat > "$root/etc/apt/sources.list.d/debian.sources" <<SRC
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC

find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
rm -rf "$root/usr/share/man/"* "$root/usr/share/info/"* "$root/usr/share/locale/"* \
  "$root/var/lib/apt/lists/"* "$root/var/cache/apt/"*.bin "$root/var/cache/apt/archives/"*.deb \
  "$root/var/log/"*.log "$root/var/log/apt/"* "$root/tmp/"* "$root/root/".bash_history
# The container runtime provides these; the host's would leak in.
: > "$root/etc/resolv.conf"
: > "$root/etc/hostname"
rm -f "$root/etc/machine-id" && : > "$root/etc/machine-id"

tar --numeric-owner --xattrs -C "$root" -c .
