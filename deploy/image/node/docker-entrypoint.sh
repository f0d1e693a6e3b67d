#!/bin/sh
# The official node image's entrypoint: a first argument that is a flag, or not a command, runs
# under node.
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
