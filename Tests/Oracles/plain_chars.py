#!/usr/bin/env python3
"""Which characters U+0020..U+052F a font leaves *plain*, derived with fontTools.

An independent check of the engine's `LayoutLookups` / `PlainFace` analysis (Swift,
reading the tables itself through HarfBuzz's blobs): a character is plain when it is
Latin, Greek, Cyrillic or Common (fontTools' own Unicode script data), no mark, control
or format character, the font maps it, its glyph is no GDEF mark, and no lookup that
HarfBuzz applies by default (the language system of the script it selects, else
'DFLT'/'dflt'/'latn'; the required feature and rvrn ltra ltrm rand trak abvm blwm
ccmp locl mark mkmk rlig calt clig curs dist kern liga rclt) can start to act at it in
text made only of such glyphs. Pair adjustments that move only the first glyph's advance
are pairwise and allowed, unless the pair adjustments of two lookups cover the glyph
(one value record per glyph: it scales to any size as HarfBuzz scales it).

Latin text is shaped without a language, Greek in Greek ('ELL ') and Cyrillic in
Russian ('RUS '), as the engine shapes them. Greek and Cyrillic characters are plain
only when their lookups are Latin's; all are plain only when Common text gets Latin's.

Prints the characters the font covers that are NOT plain, e.g.

    $ pip install fonttools
    $ Tests/Oracles/plain_chars.py fonts/Inter/Inter-Regular.otf

(`PlainShapingTests.interNotPlain` pins that answer.) When the lookups chosen for
Latin and for Common text differ, it says so: the engine then turns plain shaping
off for the font.
"""
import sys
import unicodedata

from fontTools import unicodedata as ftunicode
from fontTools.ttLib import TTFont

FEATURES = {'rvrn', 'ltra', 'ltrm', 'rand', 'trak', 'Harf', 'HARF', 'Buzz', 'BUZZ',
            'abvm', 'blwm', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig',
            'calt', 'clig', 'curs', 'dist', 'kern', 'liga', 'rclt'}


def main(path):
    font = TTFont(path)
    cmap = font.getBestCmap()
    gdef = font['GDEF'].table if 'GDEF' in font else None
    marks = set()
    if gdef is not None and gdef.GlyphClassDef is not None:
        marks = {g for g, c in gdef.GlyphClassDef.classDefs.items() if c == 3}
    scripts = {'Latn': 'latin', 'Grek': 'greek', 'Cyrl': 'cyrillic', 'Zyyy': 'common'}
    candidates = [c for c in range(0x20, 0x530)
                  if c in cmap and c != 0xAD and ftunicode.script(chr(c)) in scripts
                  and unicodedata.category(chr(c)) not in ('Mn', 'Mc', 'Me', 'Cc', 'Cf')]
    glyphs = {cmap[c] for c in candidates} - marks

    def meets(coverage):
        return bool(set(coverage.glyphs) & glyphs)

    def lookups(table, script_order, language=None):
        for want in script_order:
            for record in table.ScriptList.ScriptRecord:
                if record.ScriptTag != want:
                    continue
                langsys = record.Script.DefaultLangSys
                for other in record.Script.LangSysRecord:
                    if other.LangSysTag == language:
                        langsys = other.LangSys
                if langsys is None:
                    return set()
                chosen = set()
                for index in langsys.FeatureIndex:
                    feature = table.FeatureList.FeatureRecord[index]
                    if feature.FeatureTag in FEATURES:
                        chosen |= set(feature.Feature.LookupListIndex)
                if langsys.ReqFeatureIndex != 0xFFFF:
                    required = table.FeatureList.FeatureRecord[langsys.ReqFeatureIndex]
                    chosen |= set(required.Feature.LookupListIndex)
                return chosen
        return set()

    def rules(ruleset, names):
        return [r for n in names for r in (getattr(ruleset, n, None) or [])]

    def pairwise(sub, kind, is_gpos, flags):
        return is_gpos and kind == 2 and sub.ValueFormat2 == 0 and sub.ValueFormat1 & ~0x44 == 0 \
            and flags & 0x6 == 0

    def starts(sub, kind, is_gpos):
        if is_gpos and kind == 2:
            return set(sub.Coverage.glyphs) & glyphs
        if not is_gpos and kind in (1, 2):
            return set(sub.mapping) & glyphs
        if not is_gpos and kind == 3:
            return set(sub.alternates) & glyphs
        if not is_gpos and kind == 4:
            return {g for g, ligatures in sub.ligatures.items() if g in glyphs and
                    any(all(x in glyphs for x in lig.Component) for lig in ligatures)}
        if is_gpos and kind in (1, 3):
            return set(sub.Coverage.glyphs) & glyphs
        if is_gpos and kind in (4, 5, 6):
            coverage = sub.Mark1Coverage if kind == 6 else sub.MarkCoverage
            return set(coverage.glyphs) & glyphs
        contextual = (not is_gpos and kind in (5, 6)) or (is_gpos and kind in (7, 8))
        if contextual and sub.Format == 3:
            inputs = getattr(sub, 'InputCoverage', None) or sub.Coverage
            every = list(inputs) + list(getattr(sub, 'BacktrackCoverage', [])) \
                + list(getattr(sub, 'LookAheadCoverage', []))
            return set(inputs[0].glyphs) & glyphs if all(meets(c) for c in every) else set()
        if contextual and sub.Format == 1:
            sets = [getattr(sub, n) for n in ('ChainSubRuleSet', 'SubRuleSet', 'ChainPosRuleSet',
                                              'PosRuleSet') if hasattr(sub, n)][0]
            found = set()
            for first, ruleset in zip(sub.Coverage.glyphs, sets):
                if first not in glyphs or ruleset is None:
                    continue
                for rule in rules(ruleset, ('ChainSubRule', 'SubRule', 'ChainPosRule', 'PosRule')):
                    sequence = list(getattr(rule, 'Input', [])) + list(getattr(rule, 'Backtrack', [])) \
                        + list(getattr(rule, 'LookAhead', []))
                    if all(x in glyphs for x in sequence):
                        found.add(first)
                        break
            return found
        if contextual and sub.Format == 2:
            inputs = getattr(sub, 'InputClassDef', None) or sub.ClassDef
            backtrack = getattr(sub, 'BacktrackClassDef', None)
            lookahead = getattr(sub, 'LookAheadClassDef', None)

            def live(classdef, k):
                return k == 0 or (classdef is not None and
                                  any(g in glyphs for g, v in classdef.classDefs.items() if v == k))
            sets = [getattr(sub, n) for n in ('ChainSubClassSet', 'SubClassSet', 'ChainPosClassSet',
                                              'PosClassSet') if hasattr(sub, n)][0]
            found = set()
            for first in set(sub.Coverage.glyphs) & glyphs:
                k = inputs.classDefs.get(first, 0)
                if k >= len(sets) or sets[k] is None:
                    continue
                for rule in rules(sets[k], ('ChainSubClassRule', 'SubClassRule', 'ChainPosClassRule',
                                            'PosClassRule')):
                    if all(live(inputs, x) for x in getattr(rule, 'Input', None) or getattr(rule, 'Class', [])) \
                            and all(live(backtrack, x) for x in getattr(rule, 'Backtrack', [])) \
                            and all(live(lookahead, x) for x in getattr(rule, 'LookAhead', [])):
                        found.add(first)
                        break
            return found
        if not is_gpos and kind == 8:
            every = [sub.Coverage] + list(sub.BacktrackCoverage) + list(sub.LookAheadCoverage)
            return set(sub.Coverage.glyphs) & glyphs if all(meets(c) for c in every) else set()
        raise SystemExit(f'unknown subtable: {"GPOS" if is_gpos else "GSUB"} type {kind}')

    acting = set()
    plain_scripts = {'latin', 'common', 'greek', 'cyrillic'}
    for tag in ('GSUB', 'GPOS'):
        if tag not in font:
            continue
        table = font[tag].table
        latin = lookups(table, ['latn', 'DFLT', 'dflt'])
        common = lookups(table, ['DFLT', 'dflt', 'latn'])
        if latin != common:
            print(f'{tag}: Latin and Common text get different lookups {sorted(latin ^ common)}: '
                  'no plain shaping', file=sys.stderr)
            plain_scripts = set()
        for name, tags, language in (('greek', ['grek', 'DFLT', 'dflt', 'latn'], 'ELL '),
                                     ('cyrillic', ['cyrl', 'DFLT', 'dflt', 'latn'], 'RUS ')):
            if lookups(table, tags, language) != latin:
                plain_scripts.discard(name)
        paired = set()
        paired_twice = set()
        for index in sorted(latin):
            lookup = table.LookupList.Lookup[index]
            covered = set()
            for sub in lookup.SubTable:
                kind = lookup.LookupType
                if kind == (9 if tag == 'GPOS' else 7):
                    kind, sub = sub.ExtensionLookupType, sub.ExtSubTable
                if pairwise(sub, kind, tag == 'GPOS', lookup.LookupFlag):
                    covered |= set(sub.Coverage.glyphs) & glyphs
                else:
                    acting |= starts(sub, kind, tag == 'GPOS')
            paired_twice |= paired & covered
            paired |= covered
        acting |= paired_twice
    print(f'{len(candidates)} covered candidates', file=sys.stderr)
    print(''.join(chr(c) for c in candidates
                  if cmap[c] in acting or cmap[c] not in glyphs
                  or scripts[ftunicode.script(chr(c))] not in plain_scripts))


if __name__ == '__main__':
    main(sys.argv[1])
