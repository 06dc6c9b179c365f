#!/usr/bin/env python3
"""Where the heap's bytes are at its peak, by the innermost function of the engine.

    scripts/dev/massif-peak.py MASSIF_OUT [REGEX] [N]

Reads a `valgrind --tool=massif` output file, takes its peak snapshot's allocation tree and
sums each allocation under the innermost frame whose name matches REGEX (default: the
engine's modules, CellLayoutPrepare/Fit/FontLibrary/Core, not the Swift runtime's or the
standard library's frames), printing the N largest (default 25) in MB and per cent of the
peak. Make the file with the DWARF-4 build that scripts/dev/callgrind uses (Debian's
valgrind 3.19 cannot read DWARF 5), e.g.

    valgrind --tool=massif --threshold=1 --depth=10 --massif-out-file=/tmp/m.out \\
      Benchmarks/.build/callgrind/release/cell-layout-bench profile \\
      --corpus ../shared/corpus/public-10k.jsonl --limit 10000 --fonts system

How issue 22's "bytes kept per prepared text" were found (ClusterTables blocks, pieces).
"""
import collections, re, sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
lines = open(sys.argv[1]).read().split("\n")
want = re.compile(sys.argv[2] if len(sys.argv) > 2 else r"CellLayout(Prepare|Fit|FontLibrary|Core)")
count = int(sys.argv[3]) if len(sys.argv) > 3 else 25
node = re.compile(r"^ *n(\d+): (\d+) (.*)$")
peak = next((i for i, line in enumerate(lines) if line.startswith("heap_tree=peak")), None)
if peak is None:
    sys.exit(f"massif-peak: no peak snapshot in {sys.argv[1]}")


def parse(index):
    """The tree node at line `index` (function, bytes, children) and the line after it."""
    children_count, size, function = node.match(lines[index]).groups()
    index += 1
    children = []
    for _ in range(int(children_count)):
        child, index = parse(index)
        children.append(child)
    return (re.sub(r"^0x[0-9A-F]+: ", "", function), int(size), children), index


totals = collections.Counter()


def walk(tree, parent):
    function, size, children = tree
    if want.search(function) and not re.search(r"swift_|\$ss", function):
        totals[function[:150]] += size
    elif not children:
        totals["(no engine frame) under " + parent[:90]] += size
    else:
        for child in children:
            walk(child, function)


root, _ = parse(peak + 1)
walk(root, "")
print(f"peak {root[1] / 1e6:.2f} MB")
for function, size in totals.most_common(count):
    print(f"{size / 1e6:7.2f} MB {100 * size / root[1]:5.1f} %  {function}")
