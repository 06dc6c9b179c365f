#!/usr/bin/env python3
"""Attributed rows for the Pango oracle: generate them, lay them out with Pango, compare.

  pango_attributed.py generate CORPUS [--seed 10] [--limit N]     > rows.jsonl
      Cuts each text of CORPUS (JSON Lines {"id","text"}) into 1-5 runs at random
      code point boundaries (never inside a grapheme's marks, joiners or CR LF), each
      with a random weight, size 11-34, italic, kern and baseline offset, and gives the
      row a random paragraph style. Output rows are `layout-cli measure` input:
      {"id", "text": [{"text", "font": {"weight","size","italic"}, "kern", "baselineOffset"}],
       "paragraph": {...}}. Deterministic for a seed.

  pango_attributed.py pango ROWS --font FILE ... [--widths 200,343,600] > pango.jsonl
      Feeds ROWS to `pango_lines --attributed` (see pango_lines.c) and passes its output on.

  pango_attributed.py compare ROWS PANGO ENGINE [--widths 200,343,600]
      ENGINE is `layout-cli measure --widths ... --detail` output for ROWS. Prints the
      agreement table (line counts, breaks) over the rows Pango covers, and the rows
      that disagree, classified.

  pango_attributed.py fixture ROWS PANGO N > fixture.jsonl
      The first N covered rows with their Pango results, for the test suite.

Python is glue only: the layout is Pango's (pango_lines.c) and the engine's (layout-cli).
"""
import json
import os
import random
import subprocess
import sys
import threading
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
WEIGHTS = {"thin": 100, "ultralight": 200, "light": 300, "regular": 400, "medium": 500,
           "semibold": 600, "bold": 700, "heavy": 800, "black": 900}


def cut_points(text):
    """Code point indices where a run may start: not before a mark, joiner, variation
    selector or the LF of CR LF, not after a ZWJ, not inside a surrogate pair (Python
    strings are code points, so pairs never split)."""
    ok = []
    for i in range(1, len(text)):
        c, p = text[i], text[i - 1]
        if unicodedata.category(c).startswith("M") or c in "\u200d\ufe0f\ufe0e" or p == "\u200d":
            continue
        if 0x1F3FB <= ord(c) <= 0x1F3FF or 0xE0020 <= ord(c) <= 0xE007F or 0x1F1E6 <= ord(c) <= 0x1F1FF:
            continue
        if p == "\r" and c == "\n":
            continue
        ok.append(i)
    return ok


def paragraph(rng):
    """A random paragraph style: each key present with some probability."""
    style = {}
    if rng.random() < 0.5:
        style["alignment"] = rng.choice(["natural", "left", "center", "right", "justified"])
    if rng.random() < 0.3:
        style["lineSpacing"] = round(rng.uniform(0, 8), 1)
    if rng.random() < 0.3:
        style["lineHeightMultiple"] = round(rng.uniform(0.8, 2), 2)
    if rng.random() < 0.15:
        style["minimumLineHeight"] = round(rng.uniform(10, 40), 1)
    if rng.random() < 0.15:
        style["maximumLineHeight"] = round(rng.uniform(15, 50), 1)
    if rng.random() < 0.2:
        style["paragraphSpacing"] = round(rng.uniform(0, 12), 1)
    if rng.random() < 0.2:
        style["paragraphSpacingBefore"] = round(rng.uniform(0, 12), 1)
    if rng.random() < 0.3:
        style["firstLineHeadIndent"] = round(rng.uniform(0, 30), 1)
    if rng.random() < 0.3:
        style["headIndent"] = round(rng.uniform(0, 30), 1)
    if rng.random() < 0.3:
        style["tailIndent"] = round(rng.uniform(-30, 0), 1) if rng.random() < 0.85 else round(rng.uniform(150, 190), 1)
    return style


def generate(corpus, seed, limit):
    rng = random.Random(seed)
    out = sys.stdout
    with open(corpus, encoding="utf-8") as f:
        for n, line in enumerate(f):
            if limit is not None and n >= limit:
                break
            row = json.loads(line)
            text = row["text"]
            points = cut_points(text)
            count = min(rng.randint(1, 5), len(points) + 1)
            cuts = sorted(rng.sample(points, count - 1)) if count > 1 else []
            bounds = [0] + cuts + [len(text)]
            runs = []
            for a, b in zip(bounds, bounds[1:]):
                run = {"text": text[a:b], "font": {"weight": rng.choice(list(WEIGHTS)),
                                                   "size": rng.choice([x / 2 for x in range(22, 69)])}}
                if rng.random() < 0.25:
                    run["font"]["italic"] = True
                if rng.random() < 0.4:
                    run["kern"] = round(rng.uniform(-0.5, 2), 1)
                if rng.random() < 0.15:
                    run["baselineOffset"] = round(rng.uniform(-4, 6), 1)
                runs.append(run)
            out.write(json.dumps({"id": row["id"], "text": runs, "paragraph": paragraph(rng)},
                                 ensure_ascii=False, separators=(",", ":")) + "\n")


def pango(rows_path, passthrough):
    binary = os.environ.get("PANGO_LINES_BIN", os.path.join(HERE, ".build-oracles", "pango_lines"))
    with open(rows_path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    proc = subprocess.Popen([binary, "--attributed"] + passthrough, stdin=subprocess.PIPE)

    def feed():
        try:
            for r in rows:
                p = r.get("paragraph", {})
                proc.stdin.write(b"%s %d\n" % (json.dumps(r["id"]).encode(), len(r["text"])))
                proc.stdin.write(b"P %r %r %r\n" % (float(p.get("firstLineHeadIndent", 0)),
                                                    float(p.get("headIndent", 0)), float(p.get("tailIndent", 0))))
                for run in r["text"]:
                    font = run.get("font", {})
                    data = run["text"].encode("utf-8")
                    proc.stdin.write(b"R %d %r %d %r %r %d\n" % (
                        WEIGHTS[font.get("weight", "regular")], float(font.get("size", 17)),
                        1 if font.get("italic") else 0, float(run.get("kern", 0)),
                        float(run.get("baselineOffset", 0)), len(data)))
                    proc.stdin.write(data + b"\n")
        finally:
            proc.stdin.close()

    t = threading.Thread(target=feed)
    t.start()
    t.join()
    return proc.wait()


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def compare(rows_path, pango_path, engine_path, widths):
    rows, pango_rows, engine_rows = load(rows_path), load(pango_path), load(engine_path)
    assert len(rows) == len(pango_rows) == len(engine_rows), "row counts differ"
    counts = {w: [0, 0, 0] for w in widths}  # compared, lines equal, breaks equal
    disagreements = []
    for row, p, e in zip(rows, pango_rows, engine_rows):
        assert p["id"] == row["id"] == e["id"]
        if not p["covered"]:
            continue
        for pw, ew in zip(p["rows"], e["sizes"]):
            w = pw["width"]
            c = counts[w]
            c[0] += 1
            c[1] += pw["lines"] == ew["lines"]
            c[2] += pw["breaks"] == ew["breaks"]
            if pw["lines"] != ew["lines"]:
                disagreements.append((row["id"], w, pw["lines"], ew["lines"], pw["breaks"], ew["breaks"]))
    print("| width | rows compared | line counts equal | breaks equal |")
    print("|---|---|---|---|")
    for w in widths:
        n, lines, breaks = counts[w]
        print(f"| {w} | {n:,} | {lines:,} ({100 * lines / max(n, 1):.2f} %) | {breaks:,} ({100 * breaks / max(n, 1):.2f} %) |")
    for d in disagreements:
        print("disagree: id %s at %d: pango %d lines %s, engine %d lines %s" % (d[0], d[1], d[2], d[4], d[3], d[5]))


def fixture(rows_path, pango_path, n):
    written = 0
    for row, p in zip(load(rows_path), load(pango_path)):
        if written >= n:
            break
        if not p["covered"]:
            continue
        merged = dict(row)
        merged["pango"] = [{"width": r["width"], "lines": r["lines"], "breaks": r["breaks"]} for r in p["rows"]]
        sys.stdout.write(json.dumps(merged, ensure_ascii=False, separators=(",", ":")) + "\n")
        written += 1


def main(argv):
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    def option(name, default):
        if name in rest:
            i = rest.index(name)
            value = rest[i + 1]
            del rest[i:i + 2]
            return value
        return default
    if command == "generate":
        seed = int(option("--seed", "10"))
        limit = option("--limit", None)
        generate(rest[0], seed, int(limit) if limit else None)
    elif command == "pango":
        return pango(rest[0], rest[1:])
    elif command == "compare":
        widths = [int(w) for w in option("--widths", "200,343,600").split(",")]
        compare(rest[0], rest[1], rest[2], widths)
    elif command == "fixture":
        fixture(rest[0], rest[1], int(rest[2]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
