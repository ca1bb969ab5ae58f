#!/usr/bin/env bash
# Applies each known mutation of the product to a copy of the repository, runs the tests that must
# catch it, and prints whether one failed ("caught") or all passed ("SURVIVED").
# Exit status: 0 when every mutation is caught, 1 when one survives, 2 when a mutation no longer
# applies (the code it changes has moved: update this script).
#
#   scripts/mutations.sh            # all eight
#   scripts/mutations.sh stretch    # one, by name
#
# The copy lives in $MUTANTS_DIR (default: $TMPDIR/photogrid-mutants) and keeps its .build between
# runs; the repository itself is never modified.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${MUTANTS_DIR:-${TMPDIR:-/tmp}/photogrid-mutants}"
mkdir -p "$work"
log="$work/log"
: >"$log"

# name | file | text to replace | replacement | tests (swift test --filter)
mutations=(
  "atomic|Sources/Thumbnails/AtomicFile.swift|let temporary = folder + temporaryPrefix + name + \".\\(getpid()).\\(number)\"|let temporary = path; _ = (folder, name, number)|AtomicThumbnailWriteTests"
  "atomic|Sources/Thumbnails/AtomicFile.swift|O_WRONLY \| O_CREAT \| O_EXCL \| O_CLOEXEC|O_WRONLY \| O_CREAT \| O_TRUNC \| O_CLOEXEC|"
  "atomic|Sources/Thumbnails/AtomicFile.swift|if failure == nil, rename(temporary, path) != 0 {|if failure == nil, false {|"
  "stretch|Sources/PhotoGrid/GridPicture.swift|try canvas.draw(jpegAt: path, into: frame, clip: screen)|try canvas.draw(jpegAt: path, into: pixels(cell.imageFrame.offsetBy(shift)), clip: frame.intersection(screen))|PictureCommandTests"
  "orientation-2|Sources/Imaging/PixelBuffer+Orientation.swift|if orientation == .identity { return self }|if orientation == .identity \|\| orientation == .flipHorizontal { return self }|QualityTests"
  "orientation-5|Sources/PhotoLibrary/PhotoFacts.swift|pixelWidth = orientation >= 5 ?|pixelWidth = orientation >= 6 ?|ExportCommandTests"
  "orientation-5|Sources/PhotoLibrary/PhotoFacts.swift|pixelHeight = orientation >= 5 ?|pixelHeight = orientation >= 6 ?|"
  "answer-order|Sources/PhotoGridServer/ImmediateAnswerHandler.swift|if withRouter == 0, context.channel.isWritable, takes(request) {|if context.channel.isWritable, takes(request) {|ServedFromMemoryTests"
  "window-names|Sources/PhotoGrid/SnapshotLayoutQuestion.swift|w.stringContent(\"/id-\")|w.stringContent(\"/id\")|SnapshotWindowDocumentTests"
  "idle-in-progress|Sources/PhotoGridServer/ImmediateAnswerHandler.swift|if held == nil, withRouter == 0, idleFor >= idleTimeout {|if held == nil, idleFor >= idleTimeout {|ServedFromMemoryTests"
  "kept-offset|Sources/PhotoGridServer/SnapshotLayoutQuestions.swift|self.offset = offset ?? 0|self.offset = 0; _ = offset|ServedDocumentTests"
)

# Replaces the literal text $2 by $3 in file $1 (exactly one occurrence, or fails).
replace() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1], sys.argv[2].replace("\\|", "|"), sys.argv[3].replace("\\|", "|")
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: expected one occurrence of {old!r}, found {text.count(old)}")
open(path, "w").write(text.replace(old, new))
PY
}

sync_copy() {
  # The sources as they are in the repository (working tree), without any build folder.
  (cd "$root" && tar --exclude='./.build*' --exclude='./Benchmarks/work' --exclude='./Fuzz/.build' --exclude='./.git' -cf - .) \
    | (cd "$work/repo" && tar -xf -)
}

mkdir -p "$work/repo"
rm -rf "$work/repo/Sources" "$work/repo/Tests"
sync_copy
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(atomic stretch orientation-2 orientation-5 answer-order window-names kept-offset idle-in-progress)

echo "building the unmutated copy in $work/repo (first time: a few minutes)…"
if ! (cd "$work/repo" && swift build --build-tests >>"$log" 2>&1); then
  echo "the unmutated copy does not build; see $log"; exit 2
fi

survivors=0
for name in "${names[@]}"; do
  filter=""
  files=()
  for entry in "${mutations[@]}"; do
    IFS='|' read -r n file old new tests <<<"$(printf '%s' "$entry" | sed 's/\\|/\x01/g')"
    [ "$n" = "$name" ] || continue
    old="${old//$'\x01'/|}"; new="${new//$'\x01'/|}"
    [ -n "$tests" ] && filter="$tests"
    files+=("$file")
    if ! replace "$work/repo/$file" "$old" "$new" >>"$log" 2>&1; then
      echo "$name: does not apply (see $log)"; exit 2
    fi
  done
  [ -n "$filter" ] || { echo "unknown mutation: $name"; exit 2; }
  started=$(date +%s)
  if ! (cd "$work/repo" && swift build --build-tests >>"$log" 2>&1); then
    echo "$name: the mutant does not build (see $log)"; exit 2
  fi
  if (cd "$work/repo" && swift test --skip-build --filter "$filter" >"$work/$name.out" 2>&1); then
    echo "$name: SURVIVED ($filter all passed; $(( $(date +%s) - started )) s)"
    survivors=$((survivors + 1))
  else
    failed=$(grep -c '^✘ Test .* recorded an issue' "$work/$name.out")
    echo "$name: caught ($failed failed expectations in $filter; $(( $(date +%s) - started )) s; output in $work/$name.out)"
  fi
  for file in "${files[@]}"; do cp "$root/$file" "$work/repo/$file"; done
done
[ "$survivors" -eq 0 ]
