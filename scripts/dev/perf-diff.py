#!/usr/bin/env python3
"""Per-symbol CPU time of two sets of `perf record` files, and where B's extra time goes.

    scripts/dev/perf-diff.py 'A1.data A2.data …' 'B1.data B2.data …' [N]

Each file's samples are turned into milliseconds (its event count, cpu-clock in ns) per
dso + symbol and averaged over the set; the N symbols whose time grew most from A to B are
printed (default 30). Used for one thread (A) against two (B): what the second thread pays
for sharing the engine (e.g. `perf record -F 20000 -e cpu-clock cell-layout-bench profile …
--threads 1|2`, each under `chrt -f 10` so both threads run as on an idle machine).
"""
import collections, re, subprocess, sys


def load(files):
    total = collections.Counter()
    for f in files:
        report = subprocess.run(["perf", "report", "-i", f, "--no-children", "-g", "none", "--sort", "dso,sym", "-q",
                                 "--percent-limit", "0", "--stdio"], capture_output=True, text=True).stdout
        header = subprocess.run(["perf", "report", "-i", f, "--stdio"], capture_output=True, text=True).stdout
        m = re.search(r"Event count \(approx\.\): (\d+)", header)
        if not m:
            sys.exit(f"perf-diff: no event count in {f}")
        count = int(m.group(1))
        for line in report.splitlines():
            line = line.strip()
            if not line or not line[0].isdigit():
                continue
            parts = line.split(None, 3)
            key = (parts[1] + " " + (parts[3] if len(parts) > 3 else ""))[:150]
            total[key] += float(parts[0].rstrip("%")) / 100 * count / 1e6 / len(files)
    return total


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    a, b = load(sys.argv[1].split()), load(sys.argv[2].split())
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    print("A total %.1f ms, B total %.1f ms" % (sum(a.values()), sum(b.values())))
    for k in sorted(set(a) | set(b), key=lambda k: -(b[k] - a[k]))[:n]:
        print("%+8.1f ms  A %7.1f  B %7.1f  %s" % (b[k] - a[k], a[k], b[k], k))


if __name__ == "__main__":
    main()
