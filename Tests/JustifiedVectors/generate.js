#!/usr/bin/env node
// Conformance vectors for GridLayout's JustifiedLayout: runs flickr/justified-layout 4.1.0 on a table of
// inputs and configurations and prints the answers as JSON (Tests/JustifiedVectors/vectors.json).
//
//   node Tests/JustifiedVectors/generate.js LIBRARY > Tests/JustifiedVectors/vectors.json
//
// LIBRARY is the library's folder (one with lib/index.js) or its git directory (library.js says how it
// is read). Non-finite numbers are written as the strings "NaN", "Infinity", "-Infinity".
'use strict';

const { COMMIT, VERSION, loadLibrary, xorshift32, photoRatios } = require('./library.js');

if (process.argv.length < 3) {
  process.stderr.write('usage: node Tests/JustifiedVectors/generate.js LIBRARY [--random COUNT SEED]\n' +
    '  LIBRARY: a folder with lib/index.js, or the library\'s git directory\n' +
    '  --random: COUNT random configurations and inputs instead of the table (for a long local check:\n' +
    '            JUSTIFIED_VECTORS=FILE swift test --filter Justified runs them)\n');
  process.exit(64);
}
const justifiedLayout = loadLibrary(process.argv[2]);

const repeat = (value, count) => Array.from({ length: count }, () => value);
const round6 = (x) => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : x);
const number = (x) => (Number.isFinite(x) ? x : String(x));

const vectors = [];

/** Runs the library on `input` with `config` and records the answer (or the error it throws). */
function vector(name, input, config) {
  const entry = { name, config: config || {}, input: input.map(number) };
  try {
    // The library converts and mutates its input and config: give it copies.
    const result = justifiedLayout(input.slice(), JSON.parse(JSON.stringify(config || {})));
    entry.expected = {
      containerHeight: number(result.containerHeight),
      widowCount: result.widowCount,
      forcedAspectRatio: result.boxes.some((b) => b.forcedAspectRatio === true),
      // [aspectRatio, left, top, width, height], rounded to 1e-6 (the tests compare to ±0.01).
      boxes: result.boxes.map((b) => [b.aspectRatio, b.left, b.top, b.width, b.height].map((x) => number(round6(x)))),
    };
  } catch (error) {
    entry.error = error.message;
  }
  vectors.push(entry);
}

if (process.argv[3] === '--random') {
  const count = Number(process.argv[4] || 1000);
  const next = xorshift32(Number(process.argv[5] || 1));
  const unit = () => next() / 4294967296;
  const pick = (...values) => values[next() % values.length];
  const maybe = (p) => unit() < p;
  for (let i = 0; i < count; i++) {
    const config = {};
    if (maybe(0.8)) config.containerWidth = Math.round(20 + unit() * 2500);
    if (maybe(0.5)) config.containerPadding = maybe(0.5) ? Math.round(unit() * 40)
      : { top: Math.round(unit() * 40), right: Math.round(unit() * 40), bottom: Math.round(unit() * 40), left: Math.round(unit() * 40) };
    if (maybe(0.5)) config.boxSpacing = maybe(0.5) ? Math.round(unit() * 20) : { horizontal: Math.round(unit() * 20), vertical: Math.round(unit() * 20) };
    if (maybe(0.7)) config.targetRowHeight = Math.round(30 + unit() * 500);
    if (maybe(0.5)) config.targetRowHeightTolerance = pick(0, 0.1, 0.25, 0.5, 1, Math.round(unit() * 100) / 100);
    if (maybe(0.2)) config.maxNumRows = next() % 6;
    if (maybe(0.15)) config.forceAspectRatio = pick(1, 1.5, 0.75, Math.round(unit() * 300) / 100);
    if (maybe(0.2)) config.showWidows = false;
    if (maybe(0.3)) config.fullWidthBreakoutRowCadence = 1 + (next() % 4);
    if (maybe(0.6)) config.widowLayoutStyle = pick('left', 'justify', 'center');
    const input = photoRatios(next(), next() % 120);
    if (maybe(0.3)) for (let k = 0; k < input.length; k += 1 + (next() % 9)) input[k] = pick(0.05, 0.2, 5, 10, 30);
    vector(`random ${i}`, input, config);
  }
  process.stdout.write(JSON.stringify({ library: 'flickr/justified-layout', version: VERSION, commit: COMMIT, vectors }) + '\n');
  process.exit(0);
}

const mixed = photoRatios(0x5eed, 400);
const some = mixed.slice(0, 37);

// Default configuration.
vector('empty input', [], {});
vector('empty input, per-side padding', [], { containerPadding: { top: 3, right: 5, bottom: 7, left: 11 }, boxSpacing: { horizontal: 2, vertical: 13 } });
vector('single landscape photo', [1.5]);
vector('single portrait photo', [0.75]);
vector('single square photo', [1]);
vector('five landscape photos', repeat(1.5, 5));
vector('one full row of squares, nothing left', repeat(1, 3));
vector('four squares (the library\'s fixture)', repeat(1, 4));
vector('mixed random ratios (seeded), 400 photos', mixed);
vector('landscape, portrait, square alternating', Array.from({ length: 30 }, (_, i) => [1.5, 0.6667, 1][i % 3]));

// Panoramas.
vector('panorama 10 alone', [10]);
vector('panorama 10 among landscapes', [1.5, 1.5, 10, 1.5, 1.5, 1.5]);
vector('panorama 10 after a portrait', [0.75, 10, 1.5, 1.5]);
vector('panorama 20 alone (height clamped to half the target)', [20]);
vector('panorama 3.3 (within tolerance alone)', [3.3, 1.5, 1.5]);
vector('two panoramas', [12, 8, 1.333]);

// Portraits.
vector('tall portraits 0.3 × 40', repeat(0.3, 40));
vector('tall portraits 0.3 × 7 (widows)', repeat(0.3, 7));
vector('very tall 0.05 × 3 (widow height clamp)', repeat(0.05, 3));

// maxNumRows.
for (const max of [0, 1, 2, 5]) vector(`maxNumRows ${max}`, some, { maxNumRows: max });
vector('maxNumRows 3 with fewer rows than that', some.slice(0, 5), { maxNumRows: 3 });
vector('maxNumRows 1, the photos after the first row left out', [1.5, 1.5, 1.5, 10, 1.5], { maxNumRows: 1 });
vector('maxNumRows 2, a rejected panorama fills the second row', [0.75, 10, 1.5, 1.5], { maxNumRows: 2 });

// Widows.
vector('showWidows false', some, { showWidows: false });
vector('showWidows false, everything a widow', [1, 1], { showWidows: false });
vector('showWidows false, nothing left over', repeat(1, 3), { showWidows: false });
for (const style of ['left', 'justify', 'center']) {
  vector(`widowLayoutStyle ${style}`, some, { widowLayoutStyle: style });
  vector(`widowLayoutStyle ${style}, one widow`, [1.5, 1.5, 1.5], { widowLayoutStyle: style });
  vector(`widowLayoutStyle ${style}, only widows`, [1, 0.75], { widowLayoutStyle: style });
  vector(`widowLayoutStyle ${style}, widows after a breakout row`, [1.5, 1.5, 1.5, 0.75, 1], { widowLayoutStyle: style, fullWidthBreakoutRowCadence: 2 });
  vector(`widowLayoutStyle ${style}, spacing and padding objects`, mixed.slice(0, 23),
    { widowLayoutStyle: style, containerPadding: { top: 1, right: 30, bottom: 2, left: 7 }, boxSpacing: { horizontal: 6, vertical: 3 } });
}
// Justified widows whose rounding error falls on halves (Math.round(-0.5) is -0, Math.round(-1.5) is -1).
vector('justify widows, error -0.5 per item', [1, 1], { containerWidth: 231, targetRowHeight: 100, targetRowHeightTolerance: 0, widowLayoutStyle: 'justify' });
vector('justify widows, error +0.5 per item', [1, 1], { containerWidth: 229, targetRowHeight: 100, targetRowHeightTolerance: 0, widowLayoutStyle: 'justify' });
vector('justify widow, single item, error -1.5', [1], { containerWidth: 121.5, targetRowHeight: 100, targetRowHeightTolerance: 0, widowLayoutStyle: 'justify' });
vector('justify widows, error -2.5 per item, four items', [1, 1, 1, 1], { containerWidth: 410, boxSpacing: 0, containerPadding: 0, targetRowHeight: 100, targetRowHeightTolerance: 0, widowLayoutStyle: 'justify' });
vector('center widows, odd leftover', [1, 1], { containerWidth: 233, targetRowHeight: 100, targetRowHeightTolerance: 0, widowLayoutStyle: 'center' });

// forceAspectRatio.
for (const ratio of [1, 1.5, 0.75, 4]) vector(`forceAspectRatio ${ratio}`, some, { forceAspectRatio: ratio });
vector('forceAspectRatio 1 with NaN inputs (no error: forced first)', [NaN, 1, NaN], { forceAspectRatio: 1 });
vector('forceAspectRatio 0 (falsy: not forced)', some.slice(0, 10), { forceAspectRatio: 0 });

// Breakout rows.
for (const cadence of [1, 2, 3]) {
  vector(`fullWidthBreakoutRowCadence ${cadence}`, some, { fullWidthBreakoutRowCadence: cadence });
  vector(`fullWidthBreakoutRowCadence ${cadence}, 400 photos`, mixed, { fullWidthBreakoutRowCadence: cadence });
}
vector('breakout cadence 2, portrait opens the breakout row', [1.5, 1.5, 1.5, 0.75, 1.5, 1.5, 1.5, 1.5], { fullWidthBreakoutRowCadence: 2 });
vector('breakout cadence 2, square opens the breakout row', [1.5, 1.5, 1.5, 1, 1.5, 1.5], { fullWidthBreakoutRowCadence: 2 });
vector('breakout cadence 1, wide photo clamped to half the target', [8, 1.5], { fullWidthBreakoutRowCadence: 1 });
vector('breakout cadence 1, a square clamped to twice the target', [1, 1], { fullWidthBreakoutRowCadence: 1, containerWidth: 2000 });
vector('breakout cadence 2 with maxNumRows 3', mixed.slice(0, 60), { fullWidthBreakoutRowCadence: 2, maxNumRows: 3 });
vector('breakout cadence 0 (never)', some.slice(0, 12), { fullWidthBreakoutRowCadence: 0 });

// Padding and spacing.
vector('per-side containerPadding', some, { containerPadding: { top: 5, right: 20, bottom: 40, left: 0 } });
vector('containerPadding 0', some, { containerPadding: 0 });
vector('containerPadding 50', some, { containerPadding: 50 });
vector('boxSpacing {horizontal 4, vertical 12}', some, { boxSpacing: { horizontal: 4, vertical: 12 } });
vector('boxSpacing {horizontal 0, vertical 30}', some, { boxSpacing: { horizontal: 0, vertical: 30 } });
vector('boxSpacing 0', some, { boxSpacing: 0 });
vector('boxSpacing 2.5, fractional', some, { boxSpacing: 2.5, containerPadding: 1.5 });
vector('padding and spacing objects together', mixed.slice(0, 80),
  { containerPadding: { top: 12, right: 8, bottom: 0, left: 24 }, boxSpacing: { horizontal: 3, vertical: 7 } });

// Tolerance and target height.
for (const tolerance of [0, 0.1, 0.5, 1, 1.5]) vector(`targetRowHeightTolerance ${tolerance}`, some, { targetRowHeightTolerance: tolerance });
vector('targetRowHeightTolerance 0, 400 photos', mixed, { targetRowHeightTolerance: 0 });
vector('targetRowHeightTolerance 0.5, 400 photos', mixed, { targetRowHeightTolerance: 0.5 });
for (const height of [50, 100, 180, 1000]) vector(`targetRowHeight ${height}`, some, { targetRowHeight: height });

// Widths.
for (const width of [320, 393, 768, 1024, 1920, 3840]) vector(`containerWidth ${width}, 400 photos`, mixed, { containerWidth: width, targetRowHeight: width < 800 ? 120 : 240, boxSpacing: 4, containerPadding: 0 });
vector('very narrow container 100', some, { containerWidth: 100 });
vector('very narrow container 50', some, { containerWidth: 50 });
vector('very narrow container 30, panorama', [1.5, 10, 0.5], { containerWidth: 30 });
vector('container as wide as its padding (row width 0)', [1.5, 1, 0.75], { containerWidth: 20 });
vector('padding wider than the container (negative row width)', [1.5, 1, 0.75], { containerWidth: 10 });
vector('spacing wider than the row', repeat(0.5, 6), { containerWidth: 100, boxSpacing: 60 });

// Degenerate ratios and errors.
vector('NaN aspect ratio (error)', [1.5, NaN, 1]);
vector('NaN after maxNumRows is never read', [1.5, 1.5, 1.5, 1.5, 1.5, NaN], { maxNumRows: 1 });
vector('zero aspect ratios', [0, 0, 1.5, 0], {});
vector('tiny aspect ratios', [1e-6, 1e-3, 1.5], {});
vector('huge aspect ratio', [1e6, 1.5], {});
vector('Infinity aspect ratio', [1.5, Infinity, 1], {});
vector('zero target height', [1.5, 1, 0.75], { targetRowHeight: 0 });
vector('zero ratios with tolerance 1', [0, 1], { targetRowHeightTolerance: 1 });

process.stdout.write(JSON.stringify({
  library: 'flickr/justified-layout',
  version: VERSION,
  commit: COMMIT,
  command: 'node Tests/JustifiedVectors/generate.js LIBRARY > Tests/JustifiedVectors/vectors.json',
  boxes: '[aspectRatio, left, top, width, height], each rounded to 1e-6',
  vectors,
}, null, 0).replace(/\{"name"/g, '\n{"name"') + '\n');
