#!/usr/bin/env bash
# Builds the Pango oracle into a build folder that is not committed.
# Usage: Tests/Oracles/build.sh            -> $ORACLE_BUILD_DIR/pango_lines
# ORACLE_BUILD_DIR defaults to Tests/Oracles/.build-oracles (git-ignored).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${ORACLE_BUILD_DIR:-$here/.build-oracles}"
mkdir -p "$out"
pkgs="pangocairo pangoft2 pangofc fontconfig cairo cairo-ft glib-2.0"
if ! pkg-config --exists $pkgs; then
    echo "build.sh: missing dev packages; install: apt-get install -y libpango1.0-dev libcairo2-dev libfontconfig-dev" >&2
    exit 1
fi
# shellcheck disable=SC2046
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Wno-unused-parameter \
    -o "$out/pango_lines" "$here/pango_lines.c" \
    $(pkg-config --cflags --libs $pkgs)
echo "$out/pango_lines"
