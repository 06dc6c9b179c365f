#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora into Tests/Fuzz/seeds/TARGET/ (committed; run again only
to change them): table documents from Examples/ and the cell fixtures, JSON Lines rows,
texts from ../shared/corpus (every 400th row of each corpus) with varied measure options,
and two small font subsets made with hb-subset from the bundled fonts."""
import glob, json, os, shutil, struct, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
corpus = os.path.join(root, "..", "shared", "corpus")
out = os.path.join(here, "seeds")
shutil.rmtree(out, ignore_errors=True)
for target in ("json", "measure", "font", "render", "cli"):
    os.makedirs(os.path.join(out, target))

def write(target, name, data):
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

tables = {os.path.basename(p): open(p).read() for p in sorted(glob.glob(os.path.join(root, "Examples", "*.json")))}
for path in sorted(glob.glob(os.path.join(root, "Tests", "CellLayoutTests", "Fixtures", "Cells", "*.json"))):
    tables[os.path.basename(path)] = json.dumps(json.load(open(path))["table"], ensure_ascii=False)
for name, text in tables.items():
    write("json", name, text)
    write("render", name, text)
for i, line in enumerate(open(os.path.join(root, "Examples", "rows.jsonl"))):
    write("json", f"row-{i}.json", line.strip())

# cli: a command (byte 0: fuzz-cli's list), how input and output are set up (byte 1), input.
examples = {n: open(os.path.join(root, "Examples", n), "rb").read() for n in ("texts.jsonl", "rows.jsonl", "settings.json", "form.json")}
for command, inputs in ((0, ["texts.jsonl"]), (1, ["texts.jsonl"]), (2, ["texts.jsonl"]), (3, ["texts.jsonl"]),
                        (4, ["settings.json", "form.json"]), (5, ["settings.json"]), (6, ["form.json"]),
                        (7, ["rows.jsonl"]), (8, ["rows.jsonl"]), (9, ["settings.json"]), (10, ["form.json"]),
                        (11, ["settings.json"])):
    for n in inputs:
        for mode in range(4):
            write("cli", f"{command}-{mode}-{n}", bytes([command, mode]) + examples[n])

if not os.path.isdir(corpus):
    sys.exit(f"make-seeds: {corpus} is missing (the seeds take texts from it)")
modes = 0
for name in ("public-10k.jsonl", "public-intl-10k.jsonl"):
    rows = [json.loads(line) for line in open(os.path.join(corpus, name))]
    for i in range(0, len(rows), 400):
        text = rows[i]["text"].encode()
        # width (16ths of a point, big-endian), size (half points - 0.5), lines, mode, -, weight, family
        width = [343, 200, 120, 600, 40][modes % 5] * 16
        header = struct.pack(">HBBBBBB", width, 33, modes % 4, modes % 6, 0, modes % 9, modes % 2)
        write("measure", f"{name.split('.')[0]}-{i}", header + text)
        modes += 1
        if modes % 8 == 0:
            write("render", f"{name.split('.')[0]}-{i}.json", json.dumps(
                {"width": 375, "style": "grouped" if modes % 16 else "plain",
                 "sections": [{"header": "Section", "rows": [{"id": i, "text": rows[i]["text"], "accessory": "disclosureIndicator"}]}]},
                ensure_ascii=False))

text = "hello world Hi 0123. ffi"
for font, name in (("Inter/Inter-Regular.otf", "inter-subset.otf"), ("DejaVu/DejaVuSans.ttf", "dejavu-subset.ttf")):
    subprocess.run(["hb-subset", f"--text={text}", f"--output-file={os.path.join(out, 'font', name)}",
                    os.path.join(root, "fonts", font)], check=True)
print("make-seeds: wrote", sum(len(files) for _, _, files in os.walk(out)), "files under", out)
