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
# and prints each run's wall time, CPU time (user + system, children included) and rates,
# then the best of each, as Markdown. B's own timing of the stage alone (session up to
# rows written) is printed beside it. CPU time is the figure that holds on a machine that
# other work shares; wall time is what a quiet machine would show. Needs perf (linux-perf).
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

# Wall and CPU seconds of one command, its output dropped. CPU is perf's task-clock with
# every descendant counted (for B: the JVM, the Python workers, each layout-cli), which
# /usr/bin/time would miss for processes their parents never wait for.
timed() {  # name command…
  local name="$1" t0 t1 wall cpu
  shift
  t0=$(date +%s.%N)
  perf stat -e task-clock -x, -o "$tmp/time" "$@" >/dev/null
  t1=$(date +%s.%N)
  wall=$(python3 -c "print($t1 - $t0)")
  cpu=$(awk -F, '$3 == "task-clock" {print $1 / 1000}' "$tmp/time")
  echo "$name|$r|$wall|$cpu" >>"$tmp/runs"
  printf '| %s | %d | %.2f s | %.2f s | %s | %s |\n' "$name" "$r" "$wall" "$cpu" \
    "$(python3 -c "print(f'{$rows / $wall:,.0f}')")" "$(python3 -c "print(f'{$rows / $cpu:,.0f}')")"
}
spark_job() {  # layout-cli options…
  rm -rf "$tmp/out" "$tmp/out-errors"
  PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$here" "$python" -m cell_layout_spark "$tmp/in.jsonl" \
    --output "$tmp/out" --widths "$widths" --cli "$cli" --master 'local[2]' -- "$@" 2>"$tmp/spark.err" \
    || { cat "$tmp/spark.err" >&2; return 1; }
}
export tmp here python cli widths
export -f spark_job
echo "| command | run | wall | CPU | rows/s (wall) | rows per CPU-second |"
echo "|---|---|---|---|---|---|"
for ((r = 1; r <= repeat; r++)); do
  timed "A1 single process, 1 core" taskset -c 0 "$cli" measure --widths $widths "${options[@]}" --quiet "$tmp/in.jsonl"
  timed "A2 single process, 2 cores" taskset -c 0,1 "$cli" measure --widths $widths "${options[@]}" --quiet "$tmp/in.jsonl"
  timed "B Spark local[2], whole command" taskset -c 0,1 bash -c 'spark_job "$@"' _ "${options[@]}"
  [ "$(cat "$tmp"/out/part-* | wc -l)" -eq "$rows" ] || { echo "bench.sh: Spark wrote the wrong row count" >&2; exit 1; }
  stage=$(sed -n 's/.*stage: \([0-9.]*\) s.*/\1/p' "$tmp/spark.err" | tail -1)
  echo "B Spark local[2], the stage alone (its own clock)|$r|$stage|" >>"$tmp/runs"
  printf '| %s | %d | %.2f s | — | %s | — |\n' "B Spark local[2], the stage alone (its own clock)" "$r" "$stage" \
    "$(python3 -c "print(f'{$rows / $stage:,.0f}')")"
done
echo
echo "Best of $repeat (lowest wall, lowest CPU), $rows rows of $(basename "$corpus") × 5 widths ($widths)," \
  "$(nproc) cores, load average at the end $(cut -d' ' -f1-3 /proc/loadavg):"
echo
python3 - "$tmp/runs" "$rows" <<'PY'
import sys
runs, rows = {}, int(sys.argv[2])
for line in open(sys.argv[1]):
    name, _, wall, cpu = line.rstrip("\n").split("|")
    runs.setdefault(name, []).append((float(wall), float(cpu) if cpu else None))
print("| command | wall | rows/s | CPU | rows per CPU-second |")
print("|---|---|---|---|---|")
for name, values in runs.items():
    wall = min(w for w, _ in values)
    cpus = [c for _, c in values if c is not None]
    cpu = f"{min(cpus):.2f} s | {rows / min(cpus):,.0f}" if cpus else "— | —"
    print(f"| {name} | {wall:.2f} s | {rows / wall:,.0f} | {cpu} |")
PY
