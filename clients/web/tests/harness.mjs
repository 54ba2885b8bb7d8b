// harness.mjs - what the web table's end-to-end scripts share: their
// command line, the ok / not ok lines they print and count, and headless
// Chromium started the same way (no sandbox, nothing fetched from the
// network).

import { chromium } from 'playwright-core';

// --url URL --out DIR [--chromium PATH] of `script`'s command line; a
// usage line and exit 2 when one is missing.
export function options(script) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const url = arg('url');
  const out = arg('out');
  const executablePath = arg('chromium', process.env.CHROMIUM || '/usr/bin/chromium');
  if (!url || !out) {
    console.error(`usage: node ${script} --url URL --out DIR [--chromium PATH]`);
    process.exit(2);
  }
  return { url, out, executablePath };
}

// The checks made so far: check(ok, what, detail) prints "ok - what" or
// "not ok - what: detail" and counts it; fail(what) counts a failure
// that ended the run.
export const tally = { passed: 0, failed: 0 };

export function check(ok, what, detail = '') {
  if (ok) {
    tally.passed++;
    console.log(`ok - ${what}`);
  } else {
    tally.failed++;
    console.log(`not ok - ${what}${detail ? `: ${detail}` : ''}`);
  }
}

export function fail(what) {
  tally.failed++;
  console.log(`not ok - ${what}`);
}

export const near = (a, b, tol) => Math.abs(a - b) <= tol;

// Headless Chromium at `executablePath`.
export function launch(executablePath) {
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
