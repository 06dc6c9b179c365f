#!/usr/bin/env bash
# Installs the Debian packages the build needs, when any is missing. Sourced by setup and
# test; safe to run again (it installs nothing when all are there).
set -euo pipefail

# fonts-noto-core (12 MB download) and fonts-noto-cjk (57 MB) give the international
# agreement test (IntlAgreementTests) the font chain its Pango fixture was made with; about
# 20 s more on a fresh CI machine, nothing once installed. Noto Color Emoji is bundled.
packages=(pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libpng-dev
          fonts-noto-core fonts-noto-cjk)
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
