// flickr/justified-layout 4.1.0 for the vectors and the benchmark: loaded at run time, never committed.
//
// LIBRARY is the library's folder (one with lib/index.js) or a bare git directory of it (a mirror),
// from which lib/index.js and lib/row.js of the pinned commit are read into a temporary folder, removed
// when the process exits.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const VERSION = '4.1.0';
const COMMIT = '9d4db49cdbf45604c63a8b25293650af4fe952ab';

/** The library's entry point: `dir/lib/index.js`, or the pinned commit's files out of a git directory. */
function loadLibrary(location) {
  if (fs.existsSync(path.join(location, 'lib', 'index.js'))) {
    return require(path.resolve(location, 'lib', 'index.js'));
  }
  const git = (...args) => execFileSync('git', ['--git-dir=' + location, ...args], { encoding: 'utf8' });
  const version = JSON.parse(git('show', COMMIT + ':package.json')).version;
  if (version !== VERSION) throw new Error(`commit ${COMMIT} is version ${version}, not ${VERSION}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'justified-layout-'));
  fs.mkdirSync(path.join(dir, 'lib'));
  for (const file of ['lib/index.js', 'lib/row.js']) fs.writeFileSync(path.join(dir, file), git('show', COMMIT + ':' + file));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return require(path.join(dir, 'lib', 'index.js'));
}

/** xorshift32 (Marsaglia 13, 17, 5): the same sequence as the Swift benchmark (Benchmarks/Sources/JustifiedBenchmark). */
function xorshift32(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

/** `count` aspect ratios: camera shapes and uniform ratios in [0.3, 3.3), four decimals. */
function photoRatios(seed, count) {
  const next = xorshift32(seed);
  const shapes = [4 / 3, 4 / 3, 3 / 4, 3 / 4, 3 / 2, 16 / 9, 1];
  const out = [];
  for (let i = 0; i < count; i++) {
    const k = next() % 8;
    const r = k < shapes.length ? shapes[k] : 0.3 + (next() / 4294967296) * 3;
    out.push(Math.round(r * 10000) / 10000);
  }
  return out;
}

module.exports = { COMMIT, VERSION, loadLibrary, xorshift32, photoRatios };
