// Prints the panel's initial bundle size (gzip; goal ≤ 250 kB) and the time to first render of the presets page in
// Chromium against a real sandbox host. `node tests/bench/ui_bundle_and_render.mjs` (after `npm --prefix ui run build`).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { launchBrowser } from '../e2e/browser.mjs';
import { UI_DIST, startHost } from '../e2e/host.mjs';

const PASSWORD = 'bench-secret-password';

/** Files index.html loads up front (scripts, module preloads, styles) — the lazy page chunks are not among them. */
function initialFiles() {
  const html = readFileSync(join(UI_DIST, 'index.html'), 'utf8');
  const names = new Set([...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  return [...names].filter((n) => readdirSync(UI_DIST).includes(n));
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
    await page.locator('[data-test="login-username"]').fill('admin');
    await page.locator('[data-test="login-password"]').fill(PASSWORD);
    await page.locator('[data-test="login-submit"]').click();
    await page.locator('[data-test="nav-presets"]').waitFor({ timeout: 30_000 });
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      await page.goto(`${host.url}presets`);
      await page.locator('[data-test^="preset-card-"]').first().waitFor({ timeout: 30_000 });
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
