// Prints the panel's initial bundle size (gzip; goal ≤ 250 kB) and the time to first render of the presets page in
// Chromium against a real sandbox host. `node tests/bench/ui_bundle_and_render.mjs` (after `npm --prefix ui run build`).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { launchBrowser } from '../e2e/browser.mjs';
import { UI_DIST, startHost } from '../e2e/host.mjs';

const PASSWORD = 'bench-secret-password';

// A static import in a built chunk: `import{a as b}from"./chunk-X.js"` or `import"./chunk-X.js"` (never `import(`).
const STATIC_IMPORT = /(?:import|export)\s*(?:[\w${}*,\s]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;

/** What the browser must load before the first page: index.html's scripts and styles and, from each script, every
 *  chunk it imports statically (Angular lists only some of them as preloads); lazy `import()` chunks are left out. */
function initialFiles() {
  const html = readFileSync(join(UI_DIST, 'index.html'), 'utf8');
  const present = new Set(readdirSync(UI_DIST));
  const found = new Set([...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]).filter((n) => present.has(n)));
  const queue = [...found].filter((n) => n.endsWith('.js'));
  while (queue.length) {
    const code = readFileSync(join(UI_DIST, queue.pop()), 'utf8');
    for (const [, name] of code.matchAll(STATIC_IMPORT)) {
      if (present.has(name) && !found.has(name)) {
        found.add(name);
        queue.push(name);
      }
    }
  }
  return [...found];
}

function bundleFigures() {
  let raw = 0;
  let gz = 0;
  for (const name of initialFiles()) {
    const data = readFileSync(join(UI_DIST, name));
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
  }
  return { raw, gz };
}

async function renderTimes(rounds) {
  const host = await startHost({ password: PASSWORD });
  const context = await launchBrowser();
  const times = [];
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await page.locator('[data-test="input-login-username"]').fill('admin');
    await page.locator('[data-test="input-login-password"]').fill(PASSWORD);
    await page.locator('[data-test="button-login-submit"]').click();
    await page.locator('[data-test="link-nav-presets"]').waitFor({ timeout: 30_000 });
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      await page.goto(`${host.url}presets`);
      await page.locator('[data-test^="button-preset-card-"]').first().waitFor({ timeout: 30_000 });
      times.push(performance.now() - start);
    }
  } finally {
    await context.close();
    await host.stop();
  }
  return times;
}

const { raw, gz } = bundleFigures();
console.log(`initial bundle: ${(raw / 1024).toFixed(1)} kB raw, ${(gz / 1024).toFixed(1)} kB gzip (goal ≤ 250 kB gzip)`);
try {
  const times = (await renderTimes(5)).sort((a, b) => a - b);
  console.log(`presets page, load to first preset card (logged in, token session), 5 rounds: median `
    + `${times[2].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[4].toFixed(0)} ms`);
} catch (error) {
  console.log(`render timing not measured: ${String(error.message ?? error).split('\n')[0]}`);
  process.exitCode = 1;
}
