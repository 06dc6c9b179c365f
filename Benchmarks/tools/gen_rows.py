#!/usr/bin/env python3
"""Writes N JSON Lines rows to stdout by cycling a corpus (for the CLI benchmarks).

  gen_rows.py --corpus FILE --rows N --format measure|layout

measure: {"id":i,"text":...}                         (layout-cli measure)
layout:  {"id":i,"style":"subtitle","text":...,"detailText":...,"accessory":...}
         (layout-cli layout --jsonl; style subtitle + detailText when the corpus row has
         "detail", else default; accessories cycle as in cell-layout-bench's table)

The corpus is encoded once; rows are written in batches, so the generator produces
well over a million rows/s and can be piped into the CLI (no file on disk for 10 M rows).
"""
import argparse
import json
import sys

ACCESSORIES = ["disclosureIndicator", "none", "checkmark", "detailButton", "none", "detailDisclosureButton"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--rows", type=int, required=True)
    ap.add_argument("--format", choices=["measure", "layout"], default="measure")
    a = ap.parse_args()

    tails = []  # everything after the id, per corpus row (and accessory phase)
    with open(a.corpus, encoding="utf-8") as f:
        corpus = [json.loads(line) for line in f if line.strip()]
    for row in corpus:
        text = json.dumps(row["text"], ensure_ascii=False)
        if a.format == "measure":
            tails.append((',"text":%s}\n' % text).encode())
        else:
            if "detail" in row:
                head = ',"style":"subtitle","text":%s,"detailText":%s' % (
                    text, json.dumps(row["detail"], ensure_ascii=False))
            else:
                head = ',"text":%s' % text
            tails.append(head.encode())

    out = sys.stdout.buffer
    n, m = a.rows, len(corpus)
    acc = [(',"accessory":"%s"}\n' % x).encode() for x in ACCESSORIES]
    batch = 20000
    try:
        for start in range(0, n, batch):
            end = min(n, start + batch)
            if a.format == "measure":
                out.write(b"".join(b'{"id":%d%s' % (i, tails[i % m]) for i in range(start, end)))
            else:
                out.write(b"".join(b'{"id":%d%s%s' % (i, tails[i % m], acc[i % len(acc)])
                                   for i in range(start, end)))
        out.flush()
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)


if __name__ == "__main__":
    main()
