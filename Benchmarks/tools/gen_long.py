#!/usr/bin/env python3
"""Writes one JSON Lines row whose text is long, or rows in many font sizes (the limits benchmarks).

  gen_long.py paragraphs N      one row: N paragraphs of 50 words ("word"), joined by \\n
  gen_long.py words N           one row: one paragraph of N words
  gen_long.py sizes N K CORPUS  N layout rows from CORPUS, font sizes cycling through K
                                sizes (10, 10.05, …); K = 1 gives every row 17 pt
"""
import json
import sys


def main():
    kind = sys.argv[1]
    n = int(sys.argv[2])
    out = sys.stdout
    if kind == "paragraphs":
        para = " ".join(["word"] * 50)
        out.write(json.dumps({"id": 1, "text": "\n".join([para] * n)}) + "\n")
    elif kind == "words":
        out.write(json.dumps({"id": 1, "text": " ".join(["word"] * n)}) + "\n")
    elif kind == "sizes":
        k = int(sys.argv[3])
        with open(sys.argv[4], encoding="utf-8") as f:
            corpus = [json.loads(line)["text"] for line in f if line.strip()]
        for i in range(n):
            size = 17 if k == 1 else round(10 + (i % k) * 0.05, 2)
            out.write(json.dumps({"id": i, "text": corpus[i % len(corpus)], "font": {"size": size}},
                                 ensure_ascii=False) + "\n")
    else:
        sys.exit("gen_long.py: paragraphs N | words N | sizes N K CORPUS")


if __name__ == "__main__":
    main()
