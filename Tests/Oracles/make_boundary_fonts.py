#!/usr/bin/env python3
"""Builds the two tiny Thai fonts of `PieceBoundariesTests` from nothing (no source font):
each has one trap for the proof that two neighbouring clusters do not kern
(`PieceBoundaries`), a pair that HarfBuzz kerns though the pair's nominal glyphs have no
kerning record:

    pip install fonttools==4.68.0
    python3 Tests/Oracles/make_boundary_fonts.py

1. `BoundaryTestA-Regular.ttf` ("Boundary Test A"):
   - ccmp substitutes KHO KHAI (U+0E02) by `kho.alt`, and kern (pairwise) kerns
     KO KAI (U+0E01) `kho.alt` by -100: "กข" kerns -100 units though (ko, kho) has no record.
     Only the check that no GSUB lookup names the right glyph refuses it.
   - a second kern lookup that does not skip marks moves NGO NGU (U+0E07) by -80 units after
     MAI EK (U+0E48), on the second glyph's advance: "ก่ง" kerns -80 units, though (ko, ngo)
     has no record. Only the check that marks are inert (every crossing GPOS lookup that
     does not skip marks names no mark) refuses it.
2. `BoundaryTestB-Regular.ttf` ("Boundary Test B"): ccmp substitutes SARA I (U+0E34, a GDEF
   mark) by `sarai.alt`, a GDEF base, and kern (skipping marks) kerns `sarai.alt` NGO NGU by
   -70: "กิง" kerns -70 units though (ko, ngo) has no record. Only the check that GSUB turns
   marks into marks only refuses it.

3. `BoundaryTestC-Regular.ttf` ("Boundary Test C"): ccmp substitutes KHO KHAI by `kho.alt`,
   which kern kerns NGO NGU by -90: "ขง" kerns -90 units though (kho, ngo) has no record.
   Only the check that no GSUB lookup may replace the left glyph refuses it. ccmp also
   substitutes MAI EK by `maiek.alt` (a mark) after KO KAI, which a rule so names only as
   its backtrack: "ก|ง" and "ก่|ง" do not kern and are proved.

All have 1000 units per em, 500-unit bases, zero-width marks, box outlines. The output is
deterministic (`head.created`/`modified` pinned).
"""
import pathlib
import sys

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "CellLayoutTests" / "Fixtures" / "Fonts"
PINNED_TIMESTAMP = 3_870_000_000  # head.created/modified, seconds since 1904

CMAP = {0x20: "space", 0x0E01: "ko", 0x0E02: "kho", 0x0E07: "ngo", 0x0E34: "sarai", 0x0E48: "maiek"}

FEATURES_A = """
languagesystem DFLT dflt;
languagesystem thai dflt;
table GDEF { GlyphClassDef [ko kho kho.alt ngo], , [maiek], ; } GDEF;
feature ccmp { sub kho by kho.alt; } ccmp;
feature kern {
    lookup KERN_PAIRS { pos ko kho.alt -100; } KERN_PAIRS;
    lookup KERN_AFTER_MARK { lookupflag 0; pos maiek 0 ngo -80; } KERN_AFTER_MARK;
} kern;
"""

FEATURES_B = """
languagesystem DFLT dflt;
languagesystem thai dflt;
table GDEF { GlyphClassDef [ko ngo sarai.alt], , [sarai], ; } GDEF;
feature ccmp { sub sarai by sarai.alt; } ccmp;
feature kern { lookupflag IgnoreMarks; pos sarai.alt ngo -70; } kern;
"""


FEATURES_C = """
languagesystem DFLT dflt;
languagesystem thai dflt;
table GDEF { GlyphClassDef [ko kho kho.alt ngo], , [maiek maiek.alt], ; } GDEF;
feature ccmp { sub kho by kho.alt; sub ko maiek' by maiek.alt; } ccmp;
feature kern { pos kho.alt ngo -90; } kern;
"""


def box(width: int):
    pen = TTGlyphPen(None)
    if width > 0:
        pen.moveTo((50, 0))
        pen.lineTo((50, 700))
        pen.lineTo((width - 50, 700))
        pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.glyph()


def build(family: str, postscript: str, glyphs: list, features: str) -> FontBuilder:
    builder = FontBuilder(1000, isTTF=True)
    order = [".notdef"] + glyphs
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({code: name for code, name in CMAP.items() if name in glyphs})
    marks = {"maiek", "maiek.alt", "sarai"}
    widths = {name: 0 if name in marks else 500 for name in order}
    builder.setupGlyf({name: box(widths[name]) for name in order})
    builder.setupHorizontalMetrics({name: (widths[name], 50 if widths[name] else 0) for name in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular", "psName": postscript})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.updateHead(created=PINNED_TIMESTAMP, modified=PINNED_TIMESTAMP)
    addOpenTypeFeaturesFromString(builder.font, features)
    return builder


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    fonts = {
        "BoundaryTestA-Regular.ttf": build("Boundary Test A", "BoundaryTestA-Regular",
                                           ["space", "ko", "kho", "kho.alt", "ngo", "maiek"], FEATURES_A),
        "BoundaryTestB-Regular.ttf": build("Boundary Test B", "BoundaryTestB-Regular",
                                           ["space", "ko", "ngo", "sarai", "sarai.alt"], FEATURES_B),
        "BoundaryTestC-Regular.ttf": build("Boundary Test C", "BoundaryTestC-Regular",
                                           ["space", "ko", "kho", "kho.alt", "ngo", "maiek", "maiek.alt"], FEATURES_C),
    }
    for name, builder in fonts.items():
        builder.font.save(OUT / name)
        print((OUT / name).relative_to(HERE.parent.parent), (OUT / name).stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
