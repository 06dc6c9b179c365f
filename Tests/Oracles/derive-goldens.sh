#!/usr/bin/env bash
# Builds the Pango oracle and regenerates every oracle fixture in
# Tests/CellLayoutTests/Fixtures/.  Run from anywhere:  Tests/Oracles/derive-goldens.sh
# Needs: libpango1.0-dev libcairo2-dev libfontconfig-dev libharfbuzz-bin fonts-inter
#        fonts-dejavu-core python3 (see README.md).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
fixtures="$repo/Tests/CellLayoutTests/Fixtures"
corpus="${CORPUS_DIR:-$repo/../shared/corpus}/public-10k.jsonl"
[ -f "$corpus" ] || corpus=/work/shared/corpus/public-10k.jsonl
inter_dir=/usr/share/fonts/opentype/inter
inter="$inter_dir/Inter-Regular.otf"
dejavu=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
widths=200,343,600
mkdir -p "$fixtures"

# The Debian font files must be the very files the package bundles.
for pair in "$inter:$repo/fonts/Inter/Inter-Regular.otf" \
            "$inter_dir/Inter-Bold.otf:$repo/fonts/Inter/Inter-Bold.otf" \
            "$inter_dir/Inter-SemiBold.otf:$repo/fonts/Inter/Inter-SemiBold.otf" \
            "$dejavu:$repo/fonts/DejaVu/DejaVuSans.ttf"; do
    sys="${pair%%:*}"; bundled="${pair#*:}"
    [ -f "$sys" ] || { echo "missing $sys (apt-get install -y fonts-inter fonts-dejavu-core)" >&2; exit 1; }
    if [ -f "$bundled" ] && ! cmp -s "$sys" "$bundled"; then
        echo "$bundled differs from $sys: goldens would not describe the bundled font" >&2; exit 1
    fi
done

bin="$("$here/build.sh")"
export PANGO_LINES_BIN="$bin"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

echo "== fonts visible to the oracle" >&2
"$here/pango_lines.py" --font "$inter" --list-families >&2
"$here/pango_lines.py" --font "$inter" --font "$dejavu" --list-families | tail -3 >&2

echo "== sanity checks" >&2
"$here/goldens.py" sanity "$inter" >&2

echo "== a. pango-inter17-corpus.jsonl" >&2
"$here/pango_lines.py" --input "$corpus" --font "$inter" --family Inter --size 17 \
    --widths "$widths" --compact > "$fixtures/pango-inter17-corpus.jsonl"

echo "== b. Inter + DejaVu line counts (for the statistics only: no test reads them)" >&2
"$here/pango_lines.py" --input "$corpus" --font "$inter" --font "$dejavu" --family Inter --size 17 \
    --widths "$widths" --compact > "$tmp/inter17-dejavu-corpus.jsonl"

echo "== c. pango-inter17-sample.jsonl" >&2
"$here/goldens.py" sample-ids "$corpus" "$fixtures/pango-inter17-corpus.jsonl" > "$tmp/ids"
"$here/pango_lines.py" --input "$corpus" --ids "$tmp/ids" --with-text --font "$inter" \
    --family Inter --size 17 --widths "$widths" > "$fixtures/pango-inter17-sample.jsonl"

echo "== c2. pango-inter17-slice.jsonl (every 3rd row of public-10k that Inter covers, with texts and breaks)" >&2
"$here/pango_lines.py" --input "$corpus" --with-text --font "$inter" --family Inter --size 17 \
    --widths "$widths" > "$tmp/latin.jsonl"
"$here/goldens.py" slice 3 "$tmp/latin.jsonl" --covered > "$fixtures/pango-inter17-slice.jsonl"

echo "== d. hb-shape-widths.jsonl" >&2
"$here/hb_widths.py" "$inter_dir" > "$fixtures/hb-shape-widths.jsonl"
"$here/goldens.py" crosscheck-hb "$fixtures/hb-shape-widths.jsonl" "$inter_dir" | tail -1 >&2

echo "== e. pango-attributed-sample.jsonl (issue 10)" >&2
"$here/pango_attributed.py" generate "$corpus" --seed 10 > "$tmp/attributed.jsonl"
"$here/pango_attributed.py" pango "$tmp/attributed.jsonl" $(ls "$repo"/fonts/Inter/*.otf | sed 's/^/--font /') \
    --family Inter --size 17 --widths "$widths" > "$tmp/attributed-pango.jsonl"
"$here/pango_attributed.py" fixture "$tmp/attributed.jsonl" "$tmp/attributed-pango.jsonl" 1000 \
    > "$fixtures/pango-attributed-sample.jsonl"

echo "== e. pango-intl-chain-slice.jsonl (every 5th row of public-intl-10k with texts and breaks, the issue-9 chain)" >&2
intl="$(dirname "$corpus")/public-intl-10k.jsonl"
noto=/usr/share/fonts/truetype/noto
cjk=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
for f in "$noto/NotoColorEmoji.ttf" "$cjk" "$noto/NotoSansDevanagari-Regular.ttf" "$noto/NotoSansThai-Regular.ttf"; do
    [ -f "$f" ] || { echo "missing $f (scripts/deps.sh installs fonts-noto-core and fonts-noto-cjk)" >&2; exit 1; }
done
cmp -s "$noto/NotoColorEmoji.ttf" "$repo/fonts/NotoColorEmoji/NotoColorEmoji.ttf" \
    || { echo "fonts/NotoColorEmoji differs from $noto/NotoColorEmoji.ttf" >&2; exit 1; }
"$here/pango_lines.py" --input "$intl" --with-text --font "$inter" --font "$dejavu" --font "$noto/NotoColorEmoji.ttf" \
    --font "$cjk" --font "$noto/NotoSansDevanagari-Regular.ttf" --font "$noto/NotoSansThai-Regular.ttf" \
    --family Inter --size 17 --widths "$widths" > "$tmp/intl.jsonl"
"$here/goldens.py" slice 5 "$tmp/intl.jsonl" > "$fixtures/pango-intl-chain-slice.jsonl"

echo "== statistics (for README.md)" >&2
"$here/goldens.py" stats "$fixtures/pango-inter17-corpus.jsonl" "$tmp/inter17-dejavu-corpus.jsonl"
wc -l "$fixtures"/pango-inter17-corpus.jsonl "$fixtures"/pango-inter17-slice.jsonl \
      "$fixtures"/pango-inter17-sample.jsonl "$fixtures"/hb-shape-widths.jsonl >&2
