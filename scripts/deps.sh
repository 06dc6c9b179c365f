#!/usr/bin/env bash
# Installs the Debian packages the build needs, when any is missing. Sourced by setup and
# test; safe to run again (it installs nothing when all are there).
set -euo pipefail

packages=(pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libpng-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "Installing ${missing[*]} …" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
fi
