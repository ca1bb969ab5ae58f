#!/usr/bin/env bash
# The benchmarks' camera-size JPEGs, made once and shared by Benchmarks/index.sh, thumbs.sh and
# first-run.sh: 10 camera-like originals made from SampleImages, each with the Canon EOS 400D EXIF
# block of storm-canon.jpg (maker notes included), then 100 copies of each that differ by a COM marker
# (so every file has its own content key), in 10 folders of 100.
#
#   Benchmarks/make-photos.sh      make Benchmarks/work/index/{bases,photos} unless already complete
#
# Files: bases/a.jpg … j.jpg (the originals), photos/01 … 10/IMG_0000.jpg … IMG_0999.jpg; folders 01–02
# hold 20 copies of each original (the 200-photo set). About 0.9 GB. Needs imagemagick (convert-im6.q16),
# libimage-exiftool-perl, libjpeg-turbo-progs (wrjpgcom).
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=Benchmarks/work/index
PHOTOS=$WORK/photos
BASES=$WORK/bases
COUNT=1000
#   name       size       from                         coding       EXIF orientation
BASE_SPECS=(
  "a 4032x3024 aitzgorri.jpg               baseline     1"
  "b 4032x3024 dragonfly.jpg               baseline     6"
  "c 4032x3024 sunset.jpg                  baseline     8"
  "d 4032x3024 friends-portrait.jpg        progressive  6"
  "e 3024x4032 wine-portrait.jpg           baseline     1"
  "f 3024x4032 infinite-sea-square.jpg     progressive  1"
  "g 6000x4000 storm-canon.jpg             baseline     1"
  "h 6000x4000 picosdeeuropa-panorama.jpg  progressive  1"
  "i 1920x1080 umang.jpg                   baseline     1"
  "j 1920x1080 seeding-wide.jpg            progressive  8"
)
[ -f "$PHOTOS/.complete" ] && exit 0
echo "generating $COUNT JPEGs in $PHOTOS (once)…" >&2
rm -rf "$PHOTOS" "$BASES"
mkdir -p "$PHOTOS" "$BASES"
for spec in "${BASE_SPECS[@]}"; do
  read -r name size source coding orientation <<<"$spec"
  interlace=None; [ "$coding" = progressive ] && interlace=JPEG
  convert-im6.q16 "SampleImages/$source" -resize "$size^" -gravity center -extent "$size" \
    -sampling-factor 2x2 -quality 90 -interlace "$interlace" "$BASES/$name.jpg"
  exiftool -q -overwrite_original -TagsFromFile SampleImages/storm-canon.jpg -all:all \
    "-Orientation#=$orientation" "$BASES/$name.jpg"
done
n=0
for folder in $(seq -w 1 10); do
  mkdir -p "$PHOTOS/$folder"
  for k in $(seq 1 100); do
    base=$(printf '%s\n' "${BASE_SPECS[@]}" | sed -n "$(( n % 10 + 1 ))p" | cut -d' ' -f1)
    wrjpgcom -comment "photogrid benchmark photo $n" "$BASES/$base.jpg" > "$PHOTOS/$folder/IMG_$(printf %04d $n).jpg"
    n=$((n + 1))
  done
done
touch "$PHOTOS/.complete"
