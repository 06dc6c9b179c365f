#!/usr/bin/env python3
"""Writes N JSON Lines rows to stdout by cycling a corpus (for the CLI benchmarks).

  gen_rows.py --corpus FILE --rows N --format measure|layout|document|document-width-last

measure:  {"id":i,"text":...}                         (layout-cli measure)
layout:   {"id":i,"style":"subtitle","text":...,"detailText":...,"accessory":...}
          (layout-cli layout --jsonl; style subtitle + detailText when the corpus row has
          "detail", else default; accessories cycle as in cell-layout-bench's table)
document: the same rows as one table document, {"width":375,"rows":[row,\nrow,…]}
          (layout-cli layout table.json); document-width-last puts "width" after the rows

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
    ap.add_argument("--format", choices=["measure", "layout", "document", "document-width-last"], default="measure")
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
    document = a.format.startswith("document")
    # A document's rows are separated by ",\n" (the last one closes the array).
    acc = [(',"accessory":"%s"}%s' % (x, ",\n" if document else "\n")).encode() for x in ACCESSORIES]
    batch = 20000
    try:
        if document:
            out.write(b'{"rows":[\n' if a.format == "document-width-last" else b'{"width":375,"rows":[\n')
        for start in range(0, n, batch):
            end = min(n, start + batch)
            if document and end == n:
                last = b'{"id":%d%s%s' % (n - 1, tails[(n - 1) % m], acc[(n - 1) % len(acc)])
                out.write(b"".join(b'{"id":%d%s%s' % (i, tails[i % m], acc[i % len(acc)])
                                   for i in range(start, end - 1)))
                out.write(last[:-2] + (b'\n],"width":375}\n' if a.format == "document-width-last" else b"\n]}\n"))
            elif a.format == "measure":
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
