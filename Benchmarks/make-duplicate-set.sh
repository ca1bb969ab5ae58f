#!/usr/bin/env bash
# The duplicates evaluation set (issue 39), made once by independent tools into Benchmarks/work/duplicates/set:
# every file is named PICTURE__VARIANT.EXT, and two files are the same picture exactly when their PICTURE
# parts are equal (the ground truth Benchmarks/duplicates.sh scores against).
#
# Bases: the 10 SampleImages photos, the 10 camera-size bases of make-camera-photos.sh (two of them, i and g,
# are umang and storm-canon resized: same picture; the others are crops of a sample, some turned by their
# orientation tag: other pictures), and the 8 orientations of SampleImages/orientation's landscape and
# portrait (one displayed picture each). Same-picture variants of each base:
#   vips-1600, vips-256   vips thumbnail (orientation applied)        q60      convert -quality 60 (EXIF kept)
#   strip                 convert -auto-orient -strip                  rot6     pixels turned, exiftool Orientation=6
#   mirror2               pixels mirrored, exiftool Orientation=2      exifstrip exiftool -all= (orientation kept)
#   heic, avif            heif-enc (x265, aom) at quality 50           webp     cwebp -q 75        png  PNG export
# Other pictures (must never pair with the base or each other; each has one vips-256 copy that must pair):
#   dark (-modulate 65), moved (a fifth of the picture moved by 8 %), edit (a 1/12 × 1/12 patch flipped),
#   burstA/burstB (94 % crops 3 % apart), and for three bases frames 1 s apart of two ffmpeg videos: a
#   zoompan over the photo (pan1..3) and a disc moving across it (obj1..3).
#
#   Benchmarks/make-duplicate-set.sh     make the set unless already complete (~1 GB, a few minutes)
#
# Needs: imagemagick (convert-im6.q16), libvips-tools, libheif-examples, webp, libimage-exiftool-perl, ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=Benchmarks/work/duplicates
SET=$WORK/set
TMP=$WORK/tmp
[ -f "$SET/.complete" ] && exit 0
[ -d Benchmarks/work/index/camera-bases ] || Benchmarks/make-camera-photos.sh
echo "generating the duplicates evaluation set in $SET (once)…" >&2
rm -rf "$SET" "$TMP"
mkdir -p "$SET" "$TMP"
IM=convert-im6.q16

# PICTURE SOURCE: the source's same-picture variants.
variants() {
  local id=$1 src=$2 up=$TMP/$1-upright.png
  $IM "$src" -auto-orient -strip "$up"
  cp "$src" "$SET/${id}__orig.${src##*.}"
  vips thumbnail "$src" "$SET/${id}__vips-1600.jpg" 1600
  vips thumbnail "$src" "$SET/${id}__vips-256.jpg" 256
  $IM "$src" -quality 60 "$SET/${id}__q60.jpg"
  $IM "$src" -auto-orient -strip -quality 85 "$SET/${id}__strip.jpg"
  $IM "$up" -rotate 270 -quality 90 "$SET/${id}__rot6.jpg"
  exiftool -q -overwrite_original "-Orientation#=6" "$SET/${id}__rot6.jpg"
  $IM "$up" -flop -quality 90 "$SET/${id}__mirror2.jpg"
  exiftool -q -overwrite_original "-Orientation#=2" "$SET/${id}__mirror2.jpg"
  exiftool -q -all= -tagsFromFile @ -Orientation -o "$SET/${id}__exifstrip.jpg" "$src"
  local small=$TMP/$1-2048.png
  $IM "$up" -resize '2048x2048>' "$small"
  heif-enc -q 50 "$small" -o "$SET/${id}__heic.heic" >/dev/null
  heif-enc -A -q 50 "$small" -o "$SET/${id}__avif.avif" >/dev/null
  cwebp -quiet -q 75 "$up" -o "$SET/${id}__webp.webp"
  cp "$up" "$SET/${id}__png.png"
}

# PICTURE UPRIGHT-PNG NAME ARGS…: another picture made by convert, with one vips-256 copy of it.
other() {
  local id=$1 up=$2 name=$3
  shift 3
  $IM "$up" "$@" -quality 90 "$SET/${id}-${name}__orig.jpg"
  vips thumbnail "$SET/${id}-${name}__orig.jpg" "$SET/${id}-${name}__vips-256.jpg" 256
}

# PICTURE: the near-misses of a base.
near_misses() {
  local id=$1 up=$TMP/$1-2048.png w h
  read -r w h < <(identify -format '%w %h\n' "$up")
  other "$id" "$up" dark -modulate 65
  local pw=$((w / 5)) ph=$((h / 5)) px=$((w * 3 / 10)) py=$((h * 4 / 10))
  other "$id" "$up" moved \( +clone -crop "${pw}x${ph}+${px}+${py}" +repage \) -geometry "+$((px + w * 8 / 100))+${py}" -composite
  other "$id" "$up" edit -region "$((w / 12))x$((h / 12))+$((w * 11 / 20))+$((h * 9 / 20))" -flip +region
  local cw=$((w * 94 / 100)) ch=$((h * 94 / 100))
  other "$id" "$up" burstA -crop "${cw}x${ch}+0+0" +repage
  other "$id" "$up" burstB -crop "${cw}x${ch}+$((w * 3 / 100))+$((h * 2 / 100))" +repage
}

# PICTURE: frames 1 s apart of a slow zoompan over the base and of a disc moving across it.
video_frames() {
  local id=$1 up=$TMP/$1-2048.png t
  ffmpeg -loglevel error -y -loop 1 -i "$up" -vf "scale=1920:-2,zoompan=z='1+0.0012*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=125:s=1280x720:fps=25" \
    -t 4 -c:v libx264 -crf 18 -pix_fmt yuv420p "$TMP/$id-pan.mp4"
  ffmpeg -loglevel error -y -loop 1 -i "$up" -f lavfi -i "color=c=0xd02020:s=96x96,format=rgba,geq=r='r(X,Y)':a='if(lt(hypot(X-48,Y-48),46),255,0)'" \
    -filter_complex "[0]scale=1280:720,setsar=1[b];[b][1]overlay=x='160+t*120':y='360+20*sin(t)'" \
    -t 4 -r 25 -c:v libx264 -crf 18 -pix_fmt yuv420p "$TMP/$id-obj.mp4"
  for t in 1 2 3; do
    ffmpeg -loglevel error -y -ss "$t" -i "$TMP/$id-pan.mp4" -frames:v 1 -q:v 2 "$SET/${id}-pan${t}__orig.jpg"
    ffmpeg -loglevel error -y -ss "$t" -i "$TMP/$id-obj.mp4" -frames:v 1 -q:v 2 "$SET/${id}-obj${t}__orig.jpg"
  done
  vips thumbnail "$SET/${id}-pan2__orig.jpg" "$SET/${id}-pan2__vips-256.jpg" 256
  vips thumbnail "$SET/${id}-obj2__orig.jpg" "$SET/${id}-obj2__vips-256.jpg" 256
}

for f in SampleImages/*.jpg; do
  id=$(basename "$f" .jpg)
  variants "$id" "$f"
  near_misses "$id"
done
# The camera bases: i and g are umang and storm-canon (same picture, larger); the rest are their own.
for b in a b c d e f g h i j; do
  case $b in i) id=umang-camera ;; g) id=storm-canon-camera ;; *) id=camera-$b ;; esac
  variants "$id" "Benchmarks/work/index/camera-bases/$b-tagged.jpg"
  case $id in *-camera) for f in "$SET/$id"__*; do mv "$f" "$SET/${id%-camera}__camera-${f##*__}"; done ;; esac
done
for b in a d e; do near_misses "camera-$b"; done
for id in aitzgorri sunset friends-portrait; do video_frames "$id"; done
for n in 1 2 3 4 5 6 7 8; do
  cp "SampleImages/orientation/Landscape_$n.jpg" "$SET/landscape-${n}__orientation.jpg"
  cp "SampleImages/orientation/Portrait_$n.jpg" "$SET/portrait-${n}__orientation.jpg"
done
rm -rf "$TMP"
touch "$SET/.complete"
echo "$(find "$SET" -type f ! -name .complete | wc -l) files in $SET" >&2
