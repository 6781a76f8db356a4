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
  context.on('close', () => rmSync(profile, { recursive: true, force: true }));   // the profile goes with the browser
  return context;
}
