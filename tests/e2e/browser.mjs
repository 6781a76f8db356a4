// Debian's Chromium driven by playwright-core (never a downloaded browser).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { REPO } from './host.mjs';

const require = createRequire(join(REPO, 'ui/package.json'));
const { chromium } = require('playwright-core');

/** `ignoreHTTPSErrors`: for a self-signed certificate the caller has already checked by other means. */
export async function launchBrowser({ ignoreHTTPSErrors = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'tuning-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ignoreHTTPSErrors,
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
      '--no-first-run', '--disable-component-update', '--disable-sync',
    ],
  });
  // The profile goes once the browser has closed (its 'close' event comes while Chromium may still write there).
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    } catch (error) {   // a leftover profile is no test failure
      console.log(`       (the browser profile ${profile} stays: ${error.code ?? error})`);
    }
  };
  return context;
}
