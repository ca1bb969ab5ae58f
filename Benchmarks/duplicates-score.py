#!/usr/bin/env python3
"""Scores duplicate groups on Benchmarks/make-duplicate-set.sh's set, beside imagehash's pHash.

    duplicates-score.py SET GROUPS     GROUPS: one group a line, its file names tab-separated

The truth: two files are the same picture when their names agree up to `__`. A method's pairs are
every two files it puts in one group (PhotoGrid's groups; imagehash's pHash pairs at Hamming distance
≤ 4 and ≤ 8, taken directly, without joining them into groups). Prints pairs found, false pairs and
recall (true pairs found / true pairs) for each method, then PhotoGrid's false and missed pairs.
Needs: pip install imagehash pillow-heif (Pillow reads AVIF itself from 11.3)."""
import itertools, os, re, sys
import imagehash
from PIL import Image, ImageOps
from pillow_heif import register_heif_opener

register_heif_opener()
folder, groups_path = sys.argv[1], sys.argv[2]
names = sorted(n for n in os.listdir(folder) if not n.startswith("."))
picture = {n: n.split("__")[0] for n in names}
truth = {(a, b) for a, b in itertools.combinations(names, 2) if picture[a] == picture[b]}

ours = set()
for line in open(groups_path):
    members = sorted(line.split())
    ours |= set(itertools.combinations(members, 2))

hashes = {}
for n in names:
    with Image.open(os.path.join(folder, n)) as image:
        hashes[n] = imagehash.phash(ImageOps.exif_transpose(image).convert("RGB"))
distance = {(a, b): hashes[a] - hashes[b] for a, b in itertools.combinations(names, 2)}

# Small edits: a 1/12 × 1/12 patch flipped (-edit) and SampleImages/orientation's digits (landscape-N,
# portrait-N); below what a 64-px comparison sees, their false pairs are counted apart.
small = {n for n in names if re.search(r"(-edit|^(landscape|portrait)-\d)__", n)}

def row(method, pairs):
    found, false = pairs & truth, pairs - truth
    apart = {p for p in false if p[0] in small or p[1] in small}
    print(f"{method:<26} {len(pairs):>12} {len(false - apart):>12} {len(apart):>12} {len(found) / len(truth):>8.4f}")

print(f"{len(names)} files, {len(truth)} true pairs, {len(distance) - len(truth)} pairs of different pictures")
print(f"{'method':<26} {'pairs found':>12} {'false pairs':>12} {'small edits':>12} {'recall':>8}")
row("PhotoGrid (groups)", ours)
for limit in (4, 8):
    row(f"imagehash pHash ≤ {limit}", {p for p, d in distance.items() if d <= limit})
for label, pairs in (("false", sorted(ours - truth)), ("missed", sorted(truth - ours))):
    for a, b in pairs[:40]:
        print(f"PhotoGrid {label}: {a} {b} (imagehash distance {distance[(a, b)]})")
