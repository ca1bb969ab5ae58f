# Sourced by the benchmark scripts: sets BIN to PHOTOGRID_BIN when given, else to a release build of
# photogrid with the Swift runtime linked in (scripts/install.sh's flags) in $SCRATCH, built now.
if [ -n "${PHOTOGRID_BIN:-}" ]; then
  BIN=$PHOTOGRID_BIN
else
  BUILD_FLAGS=(-c release --static-swift-stdlib --scratch-path "$SCRATCH")
  echo "building photogrid (release, Swift runtime linked in)…" >&2
  swift build "${BUILD_FLAGS[@]}" --product photogrid >&2
  BIN=$(swift build "${BUILD_FLAGS[@]}" --show-bin-path)/photogrid
fi
