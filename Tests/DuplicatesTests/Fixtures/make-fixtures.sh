#!/usr/bin/env bash
# The duplicates tests' fixtures, made from SampleImages/aitzgorri.jpg (1600×1065) by independent tools, small:
#   same-*   the same picture: vips-256 (vips thumbnail), q60-rot6 (ImageMagick, 400 px, quality 60, pixels turned
#            and exiftool Orientation=6), heic and avif (heif-enc at quality 50), webp (cwebp), png (PNG export, 256 px)
#   other-*  other pictures: dark (-modulate 65), moved (a fifth of the picture moved right by 8 %), frame1 and
#            frame2 (ffmpeg: a disc moving across the photo, frames 1 s apart)
#
#   Tests/DuplicatesTests/Fixtures/make-fixtures.sh      (re)makes them here
#
# Needs: imagemagick (convert-im6.q16), libvips-tools, libheif-examples, webp, libimage-exiftool-perl, ffmpeg.
set -euo pipefail
cd "$(dirname "$0")"
SOURCE=../../../SampleImages/aitzgorri.jpg
IM=convert-im6.q16
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
$IM "$SOURCE" -resize 400x400 "$TMP/400.png"
vips thumbnail "$SOURCE" same-vips-256.jpg 256
$IM "$TMP/400.png" -rotate 270 -quality 60 same-q60-rot6.jpg
exiftool -q -overwrite_original "-Orientation#=6" same-q60-rot6.jpg
heif-enc -q 50 "$TMP/400.png" -o same.heic >/dev/null
heif-enc -A -q 50 "$TMP/400.png" -o same.avif >/dev/null
cwebp -quiet -q 75 "$TMP/400.png" -o same.webp
$IM "$SOURCE" -resize 256x256 same-png-256.png
$IM "$TMP/400.png" -modulate 65 -quality 85 other-dark.jpg
read -r w h < <(identify -format '%w %h\n' "$TMP/400.png")
$IM "$TMP/400.png" \( +clone -crop "$((w / 5))x$((h / 5))+$((w * 3 / 10))+$((h * 4 / 10))" +repage \) \
  -geometry "+$((w * 3 / 10 + w * 8 / 100))+$((h * 4 / 10))" -composite -quality 85 other-moved.jpg
ffmpeg -loglevel error -y -loop 1 -i "$TMP/400.png" -f lavfi -i "color=c=0xd02020:s=32x32,format=rgba,geq=r='r(X,Y)':a='if(lt(hypot(X-16,Y-16),15),255,0)'" \
  -filter_complex "[0]scale=400:-2,setsar=1[b];[b][1]overlay=x='40+t*40':y='120'" -t 3 -r 25 -c:v libx264 -crf 18 -pix_fmt yuv420p "$TMP/obj.mp4"
ffmpeg -loglevel error -y -ss 1 -i "$TMP/obj.mp4" -frames:v 1 -q:v 2 other-frame1.jpg
ffmpeg -loglevel error -y -ss 2 -i "$TMP/obj.mp4" -frames:v 1 -q:v 2 other-frame2.jpg
