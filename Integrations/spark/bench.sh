#!/usr/bin/env bash
# Integrations/spark/bench.sh — the Spark stage against the single process, on the same cores.
#
#   Integrations/spark/bench.sh [--rows 200000] [--repeat 3] [--corpus FILE]
#
# Cycles the corpus (default ../shared/corpus/public-10k.jsonl) to --rows measure rows in
# a temporary file, then per run, back to back (A/B interleaved, so that load from other
# processes falls on all of them alike):
#   A1  layout-cli measure --widths 320,375,390,414,768 on one core (taskset -c 0)
#   A2  the same on both cores (the single process on the same 2 cores as Spark)
#   B   python -m cell_layout_spark … --master local[2] (whole command: JVM start included)
# and prints each run's wall time and rows/s, then the best of each, as Markdown. B's
# own timing of the stage alone (session up, rows written) is printed beside it.
# Uses the release layout-cli (built here when missing) and the venv of install.sh.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rows=200000 repeat=3 corpus="$root/../shared/corpus/public-10k.jsonl"
while (($#)); do
  case "$1" in
    --rows) rows="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --corpus) corpus="$2"; shift 2 ;;
    *) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
widths=320,375,390,414,768
options=(--font Inter --size 17 --no-system-fonts)
(cd "$root" && swift build -c release --product layout-cli >&2)
cli="$root/.build/release/layout-cli"
python=$("$here/install.sh")
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 "$root/Benchmarks/tools/gen_rows.py" --corpus "$corpus" --rows "$rows" --format measure >"$tmp/in.jsonl"

now() { date +%s.%N; }
declare -A best=()
record() {  # name seconds
  local rate
  rate=$(python3 -c "print(round($rows / $2))")
  printf '| %s | %d | %.2f s | %s rows/s |\n' "$1" "$r" "$2" "$rate"
  if [ -z "${best[$1]:-}" ] || python3 -c "import sys; sys.exit(not $2 < ${best[$1]})"; then best[$1]=$2; fi
}
echo "| command | run | wall | rate |"
echo "|---|---|---|---|"
for ((r = 1; r <= repeat; r++)); do
  t0=$(now); taskset -c 0 "$cli" measure --widths $widths "${options[@]}" --quiet "$tmp/in.jsonl" >/dev/null; t1=$(now)
  record "A1 single process, 1 core" "$(python3 -c "print($t1 - $t0)")"
  t0=$(now); taskset -c 0,1 "$cli" measure --widths $widths "${options[@]}" --quiet "$tmp/in.jsonl" >/dev/null; t1=$(now)
  record "A2 single process, 2 cores" "$(python3 -c "print($t1 - $t0)")"
  rm -rf "$tmp/out" "$tmp/out-errors"
  t0=$(now)
  PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$here" taskset -c 0,1 "$python" -m cell_layout_spark "$tmp/in.jsonl" \
    --output "$tmp/out" --widths $widths --cli "$cli" --master 'local[2]' -- "${options[@]}" 2>"$tmp/spark.err" \
    || { cat "$tmp/spark.err" >&2; exit 1; }
  t1=$(now)
  record "B Spark local[2], whole command" "$(python3 -c "print($t1 - $t0)")"
  stage=$(sed -n 's/.*stage: \([0-9.]*\) s.*/\1/p' "$tmp/spark.err" | tail -1)
  [ -n "$stage" ] && record "B Spark local[2], the stage alone" "$stage"
  [ "$(cat "$tmp"/out/part-* | wc -l)" -eq "$rows" ] || { echo "bench.sh: Spark wrote the wrong row count" >&2; exit 1; }
done
echo
echo "Best of $repeat, $rows rows of $(basename "$corpus") × 5 widths ($widths), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg):"
echo
echo "| command | wall | rows/s |"
echo "|---|---|---|"
for name in "A1 single process, 1 core" "A2 single process, 2 cores" "B Spark local[2], whole command" "B Spark local[2], the stage alone"; do
  [ -n "${best[$name]:-}" ] || continue
  printf '| %s | %.2f s | %s |\n' "$name" "${best[$name]}" "$(python3 -c "print(f'{$rows / ${best[$name]}:,.0f}')")"
done
