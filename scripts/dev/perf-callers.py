#!/usr/bin/env python3
"""Reads `perf script` output (call graphs) on stdin and prints, for a cold profile:
the share of samples per function (self), the share in swift_retain + swift_release, and
which functions call those two (their immediate Swift caller), demangled when
swift-demangle is on PATH.

    perf script -i perf.data | scripts/dev/perf-callers.py [--top 20]
"""
import collections, shutil, subprocess, sys

top = 20
if len(sys.argv) == 3 and sys.argv[1] == "--top":
    top = int(sys.argv[2])

def symbol(frame):
    # "    addr name+0xoff (dso)"
    parts = frame.strip().split(" ", 1)
    if len(parts) < 2:
        return "?"
    name = parts[1].rsplit(" (", 1)[0]
    return name.rsplit("+0x", 1)[0]

selfs = collections.Counter()
callers = collections.Counter()
total = refcount = 0
for event in sys.stdin.read().split("\n\n"):
    frames = [l for l in event.split("\n")[1:] if l.strip()]
    if not frames:
        continue
    total += 1
    names = [symbol(f) for f in frames]
    selfs[names[0]] += 1
    if names[0] in ("swift_retain", "swift_release", "swift_bridgeObjectRetain", "swift_bridgeObjectRelease"):
        refcount += 1
        caller = next((n for n in names[1:] if not n.startswith("swift_")), "?")
        callers[caller] += 1

names = [n for n, _ in selfs.most_common(top)] + [n for n, _ in callers.most_common(top)]
demangled = dict(zip(names, names))
if shutil.which("swift-demangle"):
    out = subprocess.run(["swift-demangle", "--simplified", "--compact"], input="\n".join(names),
                         capture_output=True, text=True).stdout.split("\n")
    demangled = {n: (d or n) for n, d in zip(names, out)}

def short(name):
    d = demangled.get(name, name)
    return d if len(d) <= 150 else d[:147] + "..."

print(f"samples: {total}; swift_retain + swift_release: {100 * refcount / max(1, total):.1f} %")
print("\nself, per function:")
for name, n in selfs.most_common(top):
    print(f"{100 * n / total:6.2f} %  {short(name)}")
print("\nretain/release, by caller:")
for name, n in callers.most_common(top):
    print(f"{100 * n / total:6.2f} %  {short(name)}")
