#!/usr/bin/env bash
# The index benchmark's real-shaped camera JPEGs, made once: what a phone or camera writes before the
# image data, so that a probe that reads a fixed prefix, or every segment, pays what it would on real
# photos. From each of make-photos.sh's 10 camera-size originals (Canon EOS 400D EXIF with maker notes):
#   APP1 Exif   the camera's EXIF with maker notes and a 320-px embedded JPEG thumbnail (~40–50 KiB in all),
#   APP1 XMP    an XMP packet,
#   APP2 ICC    an sRGB profile (one original in ten: a 187 KB CMYK-sized profile in three APP2 chunks,
#               so its frame header lies ~250 KiB into the file),
#   APP2 MPF    a Multi-Picture Format index pointing at a 1920-px preview JPEG appended after the
#               primary image's EOI (as phones and cameras append theirs),
# then 100 copies of each whose EXIF dates differ (every file its own capture time and content key), in
# 10 folders of 100. The set is checked with exiftool (thumbnail, ICC, MPF present).
#
#   Benchmarks/make-camera-photos.sh     make Benchmarks/work/index/camera unless already complete
#   Benchmarks/make-camera-photos.sh --no-maker-notes
#                                        make Benchmarks/work/index/camera-small-exif unless already
#                                        complete: the same 1,000 files with the maker notes stripped from
#                                        the bases (`exiftool -MakerNotes=`: ~0.7 KiB of EXIF tags beside
#                                        the 14–40 KiB embedded thumbnail, every file's own DateTimeOriginal
#                                        kept), everything else as above (issue 24: a new library's first
#                                        index, where exiv2 no longer pays for parsing maker notes)
#
# Needs what make-photos.sh needs (imagemagick, exiftool, libjpeg-turbo-progs), python3, and the
# ghostscript ICC profiles (/usr/share/color/icc/ghostscript, Debian package `libgs-common`). ~3.6 GB.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=Benchmarks/work/index
BASES=$WORK/bases
CAMERA=$WORK/camera
CAMERA_BASES=$WORK/camera-bases
ICC=/usr/share/color/icc/ghostscript
case "${1:-}" in
  "") ;;
  --no-maker-notes)
    # The maker-notes set first (its bases are this set's), then its bases without the maker notes.
    Benchmarks/make-camera-photos.sh
    CAMERA=$WORK/camera-small-exif
    [ -f "$CAMERA/.complete" ] && exit 0
    echo "generating 1,000 real-shaped camera JPEGs without maker notes in $CAMERA (once)…" >&2
    rm -rf "$CAMERA" "$WORK/camera-small-exif-bases"
    mkdir -p "$CAMERA" "$WORK/camera-small-exif-bases"
    for base in a b c d e f g h i j; do
      exiftool -q -MakerNotes= -o "$WORK/camera-small-exif-bases/$base-tagged.jpg" "$CAMERA_BASES/$base-tagged.jpg"
      cp "$CAMERA_BASES/$base-preview.jpg" "$WORK/camera-small-exif-bases/"
    done
    CAMERA_BASES=$WORK/camera-small-exif-bases
    ;;
  *) echo "usage: $0 [--no-maker-notes]" >&2; exit 2 ;;
esac
[ -f "$CAMERA/.complete" ] && exit 0
if [ "$CAMERA_BASES" = "$WORK/camera-bases" ]; then
  Benchmarks/make-photos.sh
  echo "generating 1,000 real-shaped camera JPEGs in $CAMERA (once)…" >&2
  rm -rf "$CAMERA" "$CAMERA_BASES"
  mkdir -p "$CAMERA" "$CAMERA_BASES"
  for base in a b c d e f g h i j; do
    out=$CAMERA_BASES/$base
    convert-im6.q16 "$BASES/$base.jpg" -resize 320x240 -quality 90 "$out-thumb.jpg"
    convert-im6.q16 "$BASES/$base.jpg" -resize 1920x1920 -quality 85 "$out-preview.jpg"
    profile=$ICC/srgb.icc; [ "$base" = h ] && profile=$ICC/default_cmyk.icc
    exiftool -q -o "$out-tagged.jpg" "-ThumbnailImage<=$out-thumb.jpg" "-ICC_Profile<=$profile" \
      -XMP-dc:Description="photogrid benchmark photo $base" -XMP-xmp:Rating=3 -XMP-photoshop:City=Bilbao \
      "$BASES/$base.jpg"
  done
fi
python3 - "$CAMERA_BASES" "$CAMERA" <<'PY'
import os, re, struct, sys
bases, out = sys.argv[1], sys.argv[2]

def segments(data):
    """(marker, start, end) of each marker segment before SOS, then the rest."""
    i, result = 2, []
    while True:
        marker = data[i + 1]
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        result.append((marker, i, i + 2 + length))
        if marker == 0xDA: return result
        i += 2 + length

def mpf_segment(primary_size, preview_offset_from_header, preview_size):
    """APP2 'MPF\\0' with a big-endian MP index IFD: two images, the primary and a large thumbnail."""
    count = 3
    ifd_size = 2 + 12 * count + 4
    entries_offset = 8 + ifd_size
    ifd = struct.pack(">H", count)
    ifd += struct.pack(">HHI4s", 0xB000, 7, 4, b"0100")
    ifd += struct.pack(">HHII", 0xB001, 4, 1, 2)
    ifd += struct.pack(">HHII", 0xB002, 7, 32, entries_offset)
    ifd += struct.pack(">I", 0)
    entries = struct.pack(">IIIHH", 0x20030000, primary_size, 0, 0, 0)
    entries += struct.pack(">IIIHH", 0x00010001, preview_size, preview_offset_from_header, 0, 0)
    body = b"MPF\0" + b"MM\0\x2a" + struct.pack(">I", 8) + ifd + entries
    return b"\xff\xe2" + struct.pack(">H", 2 + len(body)) + body, 4  # the TIFF header's offset in the body

dates = re.compile(rb"\d{4}:\d\d:\d\d \d\d:\d\d:\d\d")
for b, name in enumerate("abcdefghij"):
    tagged = open(os.path.join(bases, f"{name}-tagged.jpg"), "rb").read()
    preview = open(os.path.join(bases, f"{name}-preview.jpg"), "rb").read()
    segs = segments(tagged)
    app_end = max(end for marker, start, end in segs if 0xE0 <= marker <= 0xEF)
    head, rest = tagged[:app_end], tagged[app_end:]
    for k in range(100):
        n = b + 10 * k
        stamp = b"%04d:%02d:%02d %02d:%02d:%02d" % (2015 + n // 120, 1 + n // 10 % 12, 1 + n % 28, n % 24, n % 60, (7 * n) % 60)
        copy_head = dates.sub(stamp, head)
        # the MPF segment's own size is fixed, so offsets can be computed before it is placed
        mpf, header_in_body = mpf_segment(0, 0, 0)
        mpf_start = len(copy_head)
        primary_size = len(copy_head) + len(mpf) + len(rest)
        header_position = mpf_start + 4 + header_in_body
        mpf, _ = mpf_segment(primary_size, primary_size - header_position, len(preview))
        data = copy_head + mpf + rest + preview
        folder = os.path.join(out, "%02d" % (n // 100 + 1))
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "DSC_%04d.JPG" % n), "wb") as f:
            f.write(data)
PY
# Spot checks by an independent reader: the thumbnail, the profile and the MPF preview are where they belong.
for f in "$CAMERA/01/DSC_0000.JPG" "$CAMERA/01/DSC_0007.JPG"; do
  exiftool -q -p '$FileName: $ImageWidth×$ImageHeight, thumbnail $ThumbnailLength bytes, ICC $ProfileDescription, MPF images $NumberOfImages, preview $MPImageLength bytes, taken $DateTimeOriginal' "$f" >&2
  echo "  maker-note tags: $(exiftool -q -s3 -MakerNotes:all "$f" | wc -l)" >&2
done
touch "$CAMERA/.complete"
