#!/usr/bin/env python3
"""Derive advance widths of short strings with hb-shape (HarfBuzz's own CLI).

For each (font file, size, text) it runs

    hb-shape --font-size=upem  ...   -> advances in font units (exact, no rounding)
    hb-shape --font-size=<size*1024> -> x_scale = size*1024: every glyph advance is
                                        rounded by HarfBuzz to 1/1024 px, as Pango does

and writes one JSON line per string:
  {"file", "size", "weight", "language", "text", "width", "advancesFontUnits",
   "upem", "width1024"}
width = advancesFontUnits * size / upem (4 decimals), width1024 = sum(advances at
size*1024) / 1024 (4 decimals).  Usage: hb_widths.py FONT_DIR > hb-shape-widths.jsonl
"""
import json
import os
import struct
import subprocess
import sys

LATIN = [
    "Hello", "Hello, world!", "AVATAR", "To", "Wa", "Tomorrow", "Yo, LT, P.", "office",
    "ffi fl", "0123456789", "1,234.56", "(555) 123-4567", "!?.,;:\"'()[]{}",
    "— – - …", "€ $ £ ¥ %", "Settings", "The quick brown fox jumps over the lazy dog.",
    "Ça va? Très bien, merci.", "Zürich Straße", "Łódź żółć", "Crème brûlée à la carte",
    "www.example.com/path?q=1", "a", "Hi ", "iiiii", "WWWWW",
]
CYRILLIC = ["Привет, мир!", "Съешь же ещё этих мягких французских булок"]

# (file, weight, size, language, text)
CASES = []
for t in LATIN:
    CASES.append(("Inter-Regular.otf", 400, 17, "en", t))
for t in CYRILLIC:
    CASES.append(("Inter-Regular.otf", 400, 17, "ru", t))
for t in ["Hello", "Settings", "The quick brown fox", "AVATAR"]:
    CASES.append(("Inter-Regular.otf", 400, 13, "en", t))
for t, lang in [("Hello", "en"), ("Wa", "en"), ("office", "en"), ("Привет", "ru")]:
    CASES.append(("Inter-Regular.otf", 400, 24, lang, t))
for t in ["Hello", "AVATAR", "Settings"]:
    CASES.append(("Inter-Bold.otf", 700, 17, "en", t))
CASES.append(("Inter-Bold.otf", 700, 13, "en", "Tomorrow"))
for t, lang in [("Hello", "en"), ("Tomorrow", "en"), ("Привет, мир!", "ru")]:
    CASES.append(("Inter-SemiBold.otf", 600, 17, lang, t))
CASES.append(("Inter-SemiBold.otf", 600, 24, "en", "Wa"))


def upem_of(path):
    """unitsPerEm from the 'head' table (sfnt / OpenType, CFF or TrueType outlines)."""
    with open(path, "rb") as f:
        data = f.read()
    num_tables = struct.unpack(">H", data[4:6])[0]
    for i in range(num_tables):
        tag, _, off, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"head":
            return struct.unpack(">H", data[off + 18: off + 20])[0]
    raise ValueError("no head table in " + path)


def advances(path, font_size, lang, text):
    out = subprocess.run(
        ["hb-shape", "--font-file=" + path, "--font-size=" + str(font_size),
         "--language=" + lang, "--direction=ltr", "--output-format=json",
         "--text=" + text],
        check=True, capture_output=True, text=True).stdout
    glyphs = json.loads(out.strip())
    return sum(g["ax"] for g in glyphs)


def main():
    font_dir = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/inter"
    for file, weight, size, lang, text in CASES:
        path = os.path.join(font_dir, file)
        upem = upem_of(path)
        units = advances(path, "upem", lang, text)
        scaled = advances(path, size * 1024, lang, text)
        row = {"file": file, "size": size, "weight": weight, "language": lang, "text": text,
               "width": round(units * size / upem, 4), "advancesFontUnits": units,
               "upem": upem, "width1024": round(scaled / 1024, 4),
               # UIKit does not count white space hanging at a line end.
               "widthTrimmed1024": round(advances(path, size * 1024, lang, text.rstrip()) / 1024, 4)}
        print(json.dumps(row, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main()
