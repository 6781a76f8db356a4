// The App's panel in Debian's Chromium (tests/e2e/browser.mjs): log in, wait for the box overview, screenshot both.
// `node tests/vm/app_screenshot.mjs PANEL_URL PASSWORD OUT_DIR` (test_vm_app.py runs it through the ssh forward).
import { join } from 'node:path';

import { launchBrowser } from '../e2e/browser.mjs';

const [url, password, outDir] = process.argv.slice(2);
const $ = (page, id) => page.locator(`[data-test="${id}"]`);

// The App's self-signed certificate, through the ssh forward: test_vm_app.py checks it against the one in the
// app's data dataset before this runs.
const browser = await launchBrowser({ ignoreHTTPSErrors: true });
try {
  const page = browser.pages()[0] ?? await browser.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(url);
  await $(page, 'button-login-submit').waitFor();
  await page.screenshot({ path: join(outDir, 'app-login.png'), fullPage: true });
  await $(page, 'input-login-username').fill('admin');
  await $(page, 'input-login-password').fill(password);
  await $(page, 'button-login-submit').click();
  await $(page, 'value-box-ram').waitFor();
  await page.screenshot({ path: join(outDir, 'app-overview.png'), fullPage: true });
  console.log(`screenshots of ${url} in ${outDir}`);
} finally {
  await browser.close();
}
