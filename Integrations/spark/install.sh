#!/usr/bin/env bash
# Integrations/spark/install.sh — what the Spark integration needs, installed when missing:
# Java 17 or newer (Debian's openjdk-17-jre-headless, through apt-get) and a virtual
# environment with the pinned pyspark from PyPI (and pytest when the system lacks it).
# Safe to run again: it installs nothing when everything is there. Prints the venv's python.
#
#   Integrations/spark/install.sh            # venv in .build/spark-venv of the repository
#   CELL_LAYOUT_SPARK_VENV=DIR install.sh    # elsewhere
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${CELL_LAYOUT_SPARK_VENV:-$root/.build/spark-venv}"
pyspark_version="$(sed -n 's/.*"pyspark==\([0-9.]*\)".*/\1/p' "$here/pyproject.toml")"
[ -n "$pyspark_version" ] || { echo "install.sh: no pinned pyspark in pyproject.toml" >&2; exit 1; }

java_major() {
  command -v java >/dev/null || { echo 0; return; }
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1
}
if [ "$(java_major)" -lt 17 ]; then
  echo "install.sh: installing Java 17 (openjdk-17-jre-headless) …" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless </dev/null >/dev/null
  [ "$(java_major)" -ge 17 ] || { echo "install.sh: Java 17 did not install (java -version: $(java -version 2>&1 | head -1))" >&2; exit 1; }
fi

if [ ! -x "$venv/bin/python" ]; then
  echo "install.sh: creating $venv …" >&2
  python3 -m venv --system-site-packages "$venv"
fi
py="$venv/bin/python"
if [ "$("$py" -c 'import pyspark; print(pyspark.__version__)' 2>/dev/null)" != "$pyspark_version" ]; then
  echo "install.sh: installing pyspark==$pyspark_version (about 430 MB) …" >&2
  "$py" -m pip install -q --disable-pip-version-check "pyspark==$pyspark_version" >&2
fi
if ! "$py" -c 'import pytest' 2>/dev/null; then
  echo "install.sh: installing pytest …" >&2
  "$py" -m pip install -q --disable-pip-version-check "pytest==8.3.4" >&2
fi
echo "$py"
