#!/usr/bin/env bash
# Creates the seed corpora in Fuzz/work/seeds/{probe,decode} (git-ignored; nothing here is committed):
# - SampleImages copies (those over 256 KiB are cut to 256 KiB, the fuzzers' -max_len), and truncations
#   inside the header, inside EXIF and inside the entropy data;
# - small re-encodes of the samples (djpeg -scale 1/8 | cjpeg): 4:2:0, 4:2:2, 4:4:4, grayscale,
#   progressive, arithmetic, restart markers, odd sizes down to 1×1, very low and high quality,
#   CMYK with an Adobe marker (ImageMagick), a progressive file with 66 scans (jpegtran -scans);
# - the bad-file kinds the JPEG tests make: empty, text, PNG/GIF/TIFF/WebP signatures, SOI + garbage,
#   SOI EOI, 60000×60000 and 65535×65535 and zero-height declared sizes, corrupt entropy data (zeros,
#   pseudo-random, RST markers, early EOI), EXIF orientation 0/9/0xFFFF, an SOF beyond 64 KiB, many
#   repeated scans;
# - (probe only) raw TIFF blocks, since fuzz-probe also wraps each input as EXIF: well-formed ones
#   in both byte orders, the samples' own EXIF, and the EXIF parser tests' broken ones.
# Needs libjpeg-turbo-progs (djpeg, cjpeg, jpegtran); imagemagick for the CMYK seed (skipped without).
#
# `./make-seeds.sh video` makes Fuzz/work/seeds/video alone (run.sh does on first use; needs ffmpeg): 1 s
# lavfi testsrc clips of 64×48 at 10 fps, keyframes every 3 frames: H.264 in MP4 (with and without
# faststart, fragmented, with AAC audio), MOV, Matroska; MPEG-4 Part 2 in MP4 and MOV; Motion JPEG in MOV
# and AVI; HEVC (hvc1) when libx265 is there; H.263 in 3GP at 176×144; rotate tags 90 and 270 (stream-
# copied, which turns them into display matrices); a 2:1 sample aspect ratio (pasp); QuickTime creation date
# and content identifier tags; a 2:1 ratio in the H.264 VUI alone (no pasp); each also cut in half and
# to its first 64 bytes; a JPEG and a PNG.
set -euo pipefail
cd "$(dirname "$0")"
if [ "${1:-}" = video ]; then
    out=work/seeds/video
    tmp=work/seed-tmp-video
    rm -rf "$out" "$tmp"
    mkdir -p "$out" "$tmp"
    clip() {  # clip NAME SIZE ENCODER-AND-MUXER-ARGUMENTS…
        local name=$1 size=$2; shift 2
        ffmpeg -v error -nostdin -y -f lavfi -i "testsrc=size=$size:rate=10:duration=1" "$@" "$tmp/$name"
    }
    h264=(-c:v libx264 -preset veryfast -g 3 -keyint_min 3 -x264-params scenecut=0:log-level=none -pix_fmt yuv420p)
    clip h264-faststart.mp4 64x48 "${h264[@]}" -movflags +faststart
    clip h264.mp4 64x48 "${h264[@]}"
    clip h264-fragmented.mp4 64x48 "${h264[@]}" -movflags frag_keyframe+empty_moov
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc=size=64x48:rate=10:duration=1" \
        -f lavfi -i "sine=frequency=440:sample_rate=8000:duration=1" "${h264[@]}" -c:a aac -ac 1 -b:a 8k \
        -shortest "$tmp/h264-audio.mp4"
    clip h264.mov 64x48 "${h264[@]}"
    clip h264-dated.mov 64x48 "${h264[@]}" -movflags use_metadata_tags -metadata creation_time=2023-07-01T08:11:12Z \
        -metadata com.apple.quicktime.creationdate=2023-07-01T10:11:12+0200 \
        -metadata com.apple.quicktime.content.identifier=0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9
    clip h264-sar2.mp4 64x48 "${h264[@]}" -vf setsar=2/1
    # A 2:1 ratio in the H.264 VUI alone: libx264's own parameter (the muxer writes a 1:1 pasp box), the
    # pasp box then renamed "free" (and 4:4:4 chroma).
    clip h264-vui-sar2.mp4 64x48 -c:v libx264 -preset veryfast -g 3 -x264-params scenecut=0:log-level=none:sar=2\\:1 -pix_fmt yuv444p
    python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[1], "wb").write(d.replace(b"pasp", b"free", 1))' \
        "$tmp/h264-vui-sar2.mp4"
    clip h264.mkv 64x48 "${h264[@]}"
    clip mpeg4.mp4 64x48 -c:v mpeg4 -g 3 -q:v 8
    clip mpeg4.mov 64x48 -c:v mpeg4 -g 3 -q:v 8
    clip mjpeg.mov 64x48 -c:v mjpeg -pix_fmt yuvj420p -q:v 10
    clip mjpeg.avi 64x48 -c:v mjpeg -pix_fmt yuvj420p -q:v 10
    clip h263.3gp 176x144 -c:v h263 -g 3 -q:v 20
    if ffmpeg -hide_banner -encoders 2>/dev/null | grep -c libx265 >/dev/null; then
        clip hevc.mp4 64x64 -c:v libx265 -preset veryfast -x265-params log-level=none:keyint=3:min-keyint=3:scenecut=0 \
            -pix_fmt yuv420p -tag:v hvc1
    fi
    # Rotations: ffmpeg 5.1 makes a display matrix of the rotate tag when it stream-copies.
    ffmpeg -v error -nostdin -y -i "$tmp/h264.mov" -c copy -metadata:s:v:0 rotate=90 "$tmp/h264-rot90.mov"
    ffmpeg -v error -nostdin -y -i "$tmp/mpeg4.mp4" -c copy -metadata:s:v:0 rotate=270 "$tmp/mpeg4-rot270.mp4"
    ffmpeg -v error -nostdin -y -f lavfi -i "testsrc=size=64x48" -frames:v 1 -q:v 10 "$tmp/frame.jpg"
    cp ../Tests/FormatSamples/png/gray-1bit.png "$tmp/"
    for file in "$tmp"/*; do
        name=$(basename "$file")
        cp "$file" "$out/"
        head -c $(( $(wc -c <"$file") / 2 )) "$file" >"$out/half-$name"
        head -c 64 "$file" >"$out/head-$name"
    done
    rm -rf "$tmp"
    echo "seeds: $(ls "$out" | wc -l) for video ($(du -sh "$out" | cut -f1))"
    exit 0
fi
samples=../SampleImages
out=work/seeds
tmp=work/seed-tmp
rm -rf "$out" "$tmp"
mkdir -p "$out/common" "$out/probe-only" "$tmp"

# Copies, cut to 256 KiB.
for file in "$samples"/*.jpg "$samples"/orientation/Landscape_{1,6}.jpg "$samples"/orientation/Portrait_8.jpg; do
    head -c 262144 "$file" >"$out/common/sample-$(basename "$file")"
done

# Small re-encodes.
djpeg -scale 1/8 "$samples/dragonfly.jpg" >"$tmp/dragonfly.ppm"         # 200×150
djpeg -scale 1/8 "$samples/picosdeeuropa-panorama.jpg" >"$tmp/picos.ppm" # 300×83
djpeg -scale 1/4 "$samples/storm-canon.jpg" >"$tmp/storm.ppm"            # 300×200
djpeg -scale 1/8 "$samples/umang.jpg" >"$tmp/umang.ppm"                  # 200×113
enc() { local name=$1 input=$2; shift 2; cjpeg "$@" "$input" >"$out/common/$name.jpg"; }
enc dragonfly-420 "$tmp/dragonfly.ppm" -quality 85
enc dragonfly-422 "$tmp/dragonfly.ppm" -sample 2x1 -quality 85
enc dragonfly-444 "$tmp/dragonfly.ppm" -sample 1x1 -quality 85
enc dragonfly-gray "$tmp/dragonfly.ppm" -grayscale
enc dragonfly-progressive "$tmp/dragonfly.ppm" -progressive
enc dragonfly-arithmetic "$tmp/dragonfly.ppm" -arithmetic
enc dragonfly-arith-progressive "$tmp/dragonfly.ppm" -arithmetic -progressive
enc dragonfly-restart "$tmp/dragonfly.ppm" -restart 1
enc dragonfly-q5 "$tmp/dragonfly.ppm" -quality 5
enc dragonfly-q100 "$tmp/dragonfly.ppm" -quality 100 -sample 1x1
enc picos-420-optimized "$tmp/picos.ppm" -optimize
enc picos-progressive-422 "$tmp/picos.ppm" -progressive -sample 2x1
enc storm-rgb "$tmp/storm.ppm" -rgb
enc storm-411 "$tmp/storm.ppm" -sample 4x1
enc storm-smooth "$tmp/storm.ppm" -smooth 30 -dct float
enc umang-restart-rows "$tmp/umang.ppm" -restart 2B -progressive
for size in 1x1 7x3 8x8 9x17 16x16 33x1 1x40; do
    convert-im6.q16 "$tmp/dragonfly.ppm" -resize "${size}!" "$tmp/tiny.ppm" 2>/dev/null || continue
    enc "tiny-$size" "$tmp/tiny.ppm"
    enc "tiny-$size-progressive" "$tmp/tiny.ppm" -progressive -sample 2x2
done
if command -v convert-im6.q16 >/dev/null; then
    convert-im6.q16 "$tmp/dragonfly.ppm" -colorspace CMYK -quality 80 "$out/common/dragonfly-cmyk.jpg"
fi
# 66 scans (jpegtran allows 100): DC, every AC coefficient of luma on its own, chroma AC in one band each.
python3 - "$tmp/scans.txt" <<'PY'
import sys
lines = ["0,1,2: 0-0, 0, 0;"] + [f"0: {k}-{k}, 0, 0;" for k in range(1, 64)] + ["1: 1-63, 0, 0;", "2: 1-63, 0, 0;"]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
jpegtran -scans "$tmp/scans.txt" "$out/common/tiny-16x16.jpg" >"$out/common/scans-66.jpg"

# Byte surgery on the files above: bad-file kinds.
python3 - "$out/common" "$samples" <<'PY'
import os, struct, sys
out, samples = sys.argv[1], sys.argv[2]
def read(path): return open(path, "rb").read()
def write(name, data): open(os.path.join(out, name), "wb").write(data)
def segments(data):
    result, offset = [], 2
    while offset + 4 <= len(data) and data[offset] == 0xFF:
        marker, length = data[offset + 1], struct.unpack(">H", data[offset + 2:offset + 4])[0]
        result.append((marker, offset, length))
        if marker == 0xDA: break
        offset += 2 + length
    return result
def patch_size(data, width, height):
    for marker, offset, _ in segments(data):
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return data[:offset + 5] + struct.pack(">HH", height, width) + data[offset + 9:]
    return data
def tiff_orientation(value, big=True):
    e = ">" if big else "<"
    return (b"MM\0*" if big else b"II*\0") + struct.pack(e + "I", 8) + struct.pack(e + "H", 1) \
        + struct.pack(e + "HHI", 0x0112, 3, 1) + struct.pack(e + "HH", value, 0) + struct.pack(e + "I", 0)
def with_exif(data, tiff):
    payload = b"Exif\0\0" + tiff
    return b"\xFF\xD8\xFF\xE1" + struct.pack(">H", len(payload) + 2) + payload + data[2:]
storm = read(os.path.join(samples, "storm-canon.jpg"))
small = read(os.path.join(out, "dragonfly-420.jpg"))
progressive = read(os.path.join(out, "dragonfly-progressive.jpg"))
write("empty.jpg", b"")
write("text.jpg", b"hello, this is not a photo\n")
write("png.jpg", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
write("gif.jpg", b"GIF89a\x01\0\x01\0")
write("tiff.jpg", b"II*\0\x08\0\0\0")
write("webp.jpg", b"RIFF\0\0\0\0WEBPVP8 ")
write("soi-garbage.jpg", b"\xFF\xD8" + bytes(100))
write("soi-eoi.jpg", b"\xFF\xD8\xFF\xD9")
write("ff.jpg", b"\xFF")
for length in (100, 5000, 10600, 10785, 10786, 20000):
    write(f"storm-cut-{length}.jpg", storm[:length])
for length in (len(small) // 3, len(small) - 2):
    write(f"small-cut-{length}.jpg", small[:length])
write("declared-60000.jpg", patch_size(small, 60000, 60000))
write("declared-65535.jpg", patch_size(small, 65535, 65535))
write("declared-zero-height.jpg", patch_size(small, 200, 0))
write("declared-1x1.jpg", patch_size(small, 1, 1))
start = segments(small)[-1][1] + 20
def corrupt(data, kind):
    data = bytearray(data)
    if kind == "zeros":
        data[start:start + 400] = bytes(400)
    elif kind == "random":
        state = 12345
        for i in range(start, min(len(data) - 2, start + 4000)):
            state = (state * 1103515245 + 12345) & 0xFFFFFFFF
            data[i] = (state >> 16) & 0xFF
    elif kind == "markers":
        for i in range(start, len(data) - 4, 97):
            data[i:i + 2] = b"\xFF\xD3"
    elif kind == "eoi":
        data[start:start + 2] = b"\xFF\xD9"
    return bytes(data)
for kind in ("zeros", "random", "markers", "eoi"):
    write(f"corrupt-{kind}.jpg", corrupt(small, kind))
    write(f"corrupt-{kind}-progressive.jpg", corrupt(progressive, kind))
for value in (0, 6, 9, 0xFFFF):
    write(f"orientation-{value}.jpg", with_exif(small, tiff_orientation(value, big=value % 2 == 0)))
filler = lambda marker, n: b"\xFF" + bytes([marker]) + struct.pack(">H", n + 2) + b" " * n
write("late-sof.jpg", b"\xFF\xD8" + filler(0xE2, 35000) + filler(0xE2, 35000) + small[2:])
write("exif-cut.jpg", storm[:5000])
# The last scan of a 16×16 progressive file repeated 3000 times: thousands of scans, each a full pass.
tiny = read(os.path.join(out, "tiny-16x16-progressive.jpg"))
last_sos = tiny.rfind(b"\xFF\xDA")
write("repeated-scans.jpg", tiny[:-2] + tiny[last_sos:-2] * 3000 + b"\xFF\xD9")
PY

# Raw TIFF blocks (probe only).
python3 - "$out/probe-only" "$samples" <<'PY'
import os, struct, sys
out, samples = sys.argv[1], sys.argv[2]
def write(name, data): open(os.path.join(out, name), "wb").write(data)
def tiff(big, entries0, entries1=None, tail=b""):
    e = ">" if big else "<"
    def ifd(entries):
        return struct.pack(e + "H", len(entries)) + b"".join(struct.pack(e + "HHI", t, ty, c) + v for t, ty, c, v in entries) + struct.pack(e + "I", 0)
    body = (b"MM\0*" if big else b"II*\0") + struct.pack(e + "I", 8) + ifd(entries0)
    if entries1 is not None: body += ifd(entries1)
    return body + tail
for big in (True, False):
    e = ">" if big else "<"
    short = lambda v: struct.pack(e + "HH", v, 0)
    long = lambda v: struct.pack(e + "I", v)
    tag = "mm" if big else "ii"
    write(f"tiff-{tag}-orientation.tif", tiff(big, [(0x0112, 3, 1, short(6))]))
    write(f"tiff-{tag}-date.tif", tiff(big, [(0x0112, 3, 1, short(8)), (0x8769, 4, 1, long(38))],
                                        [(0x9003, 2, 20, long(56))], b"2008:04:20 19:12:06\0"))
    write(f"tiff-{tag}-blank-date.tif", tiff(big, [(0x8769, 13, 1, long(26))], [(0x9003, 2, 20, long(44))], b"    :  :     :  :  \0"))
    write(f"tiff-{tag}-loop.tif", tiff(big, [(0x8769, 4, 1, long(8))]))
    write(f"tiff-{tag}-date-outside.tif", tiff(big, [(0x8769, 4, 1, long(26))], [(0x9003, 2, 20, long(0xFFFFFFF0))]))
    write(f"tiff-{tag}-many-entries.tif", tiff(big, [(0x0112, 3, 1, short(3))])[:8] + b"\xFF\xFF" + tiff(big, [(0x0112, 3, 1, short(3))])[10:])
write("tiff-bad-magic.tif", b"MM\0+\0\0\0\x08")
write("tiff-short.tif", b"II*\0")
# The samples' own EXIF (the TIFF data of their first APP1 "Exif").
for name in ("storm-canon.jpg", "sunset.jpg", "orientation/Landscape_6.jpg"):
    data = open(os.path.join(samples, name), "rb").read()
    offset = 2
    while offset + 4 <= len(data) and data[offset] == 0xFF:
        marker, length = data[offset + 1], struct.unpack(">H", data[offset + 2:offset + 4])[0]
        if marker == 0xE1 and data[offset + 4:offset + 10] == b"Exif\0\0":
            write("exif-" + os.path.basename(name) + ".tif", data[offset + 10:offset + 2 + length])
            break
        if marker == 0xDA: break
        offset += 2 + length
PY

mkdir -p "$out/probe" "$out/decode"
cp "$out"/common/* "$out"/probe-only/* "$out/probe/"
cp "$out"/common/* "$out/decode/"
rm -rf "$out/common" "$out/probe-only" "$tmp"
echo "seeds: $(ls "$out/probe" | wc -l) for probe ($(du -sh "$out/probe" | cut -f1)), $(ls "$out/decode" | wc -l) for decode ($(du -sh "$out/decode" | cut -f1))"
