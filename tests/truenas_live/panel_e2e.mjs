// The panel in Debian's Chromium, served by the REAL middlewared of a TrueNAS release at /_plugins/tuning/ and
// logged in with the TrueNAS web UI's own session (localStorage 'ngx-webstorage|token' = JSON text of a token that
// middlewared's real auth plugin generated; the panel sends it with auth.login_ex TOKEN_PLAIN, checked by
// middlewared's real token manager and session manager).
//
//   node tests/truenas_live/panel_e2e.mjs   with PANEL_URL, WEBUI_TOKEN, ARTIFACTS (screenshot directory) set
//
// Started by tests/truenas_live/test_panel_browser.py against a running live server. Exits non-zero with the reason
// on the first failed step; prints one "ok - <step>" line per step.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { launchBrowser as launch } from '../e2e/browser.mjs';   // one way to start Debian's Chromium


const URL_ = required('PANEL_URL');
const TOKEN = required('WEBUI_TOKEN');
const ARTIFACTS = required('ARTIFACTS');
const STEP_TIMEOUT = Number(process.env.PANEL_STEP_TIMEOUT_MS ?? 60_000);
const WEBUI_TOKEN_KEY = 'ngx-webstorage|token';

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`panel_e2e: ${name} is not set`);
    process.exit(2);
  }
  return value;
}

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

const $ = (page, id) => page.locator(`[data-test="${id}"]`);

/** Everything the page sends and receives on /api/current, and the browser console errors, for the diagnosis. */
function watch(page) {
  const log = [];
  page.on('console', (m) => { if (m.type() === 'error') log.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => log.push(`> ${String(f.payload).slice(0, 300)}`));
    ws.on('framereceived', (f) => log.push(`< ${String(f.payload).slice(0, 300)}`));
    ws.on('close', () => log.push('websocket closed'));
  });
  return log;
}

/** Whether `token` logs in (TOKEN_PLAIN) on a websocket of its own, opened from `page` (on the panel's origin). */
async function tokenLogsIn(page, token) {
  return page.evaluate(async (token) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/current`);
    await new Promise((ok, fail) => {
      ws.onopen = ok;
      ws.onerror = () => fail(new Error('websocket error'));
    });
    const answer = await new Promise((ok) => {
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id === 1) {
          ok(message);
        }
      };
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'auth.login_ex',
        params: [{ mechanism: 'TOKEN_PLAIN', token }] }));
    });
    ws.close();
    return answer.result?.response_type === 'SUCCESS';
  }, token);
}

async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

const steps = [
  ['without the web UI session the panel shows its own login form, with no made-up user name', async () => {
    const context = await launch();
    const page = context.pages()[0] ?? await context.newPage();
    const log = watch(page);
    try {
      await page.goto(URL_);
      await $(page, 'form-login-form').waitFor({ timeout: STEP_TIMEOUT });
      check(await $(page, 'value-box-ram').count() === 0, 'box data shown without a login');
      check(await $(page, 'input-login-username').inputValue() === '', 'the login form fills in a user name');
      await shot(page, '00-own-login-without-webui-session');
    } catch (e) {
      throw new Error(`${e.message}\n${log.join('\n')}`);
    } finally {
      await context.close();
    }
  }],
  ['with the web UI session: no login form, the overview shows the box through the real framework, presets page',
    async () => {
      const context = await launch();
      // The web UI's localStorage entry for this origin, in place before the panel's first script runs.
      await context.addInitScript(([key, token]) => {
        window.localStorage.setItem(key, JSON.stringify(token));
      }, [WEBUI_TOKEN_KEY, TOKEN]);
      const page = context.pages()[0] ?? await context.newPage();
      const log = watch(page);
      try {
        await page.goto(URL_);
        await $(page, 'value-box-ram').waitFor({ timeout: STEP_TIMEOUT });
        check(await $(page, 'form-login-form').count() === 0, 'the panel showed its own login with the web UI session');
        check(log.some((l) => l.startsWith('>') && l.includes('TOKEN_PLAIN')), 'no TOKEN_PLAIN login was sent');
        // tuning.profile of the fake box (32 GiB, pool tank RAIDZ2 of 6 HDDs), backend 'truenas'
        const backend = (await $(page, 'value-box-backend').textContent()).trim();
        check(backend === 'truenas', `backend shown: ${backend}`);
        const ram = (await $(page, 'value-box-ram').textContent()).trim();
        check(ram === '32 GiB', `RAM shown: ${ram}`);   // the server's spelling: a whole size without ".0"
        const pool = $(page, 'card-pool-tank');
        await pool.waitFor({ timeout: STEP_TIMEOUT });
        const poolText = await pool.textContent();
        check(poolText.includes('RAIDZ2 6×HDD'), `pool tank shown as: ${poolText}`);
        // tuning.state: nothing applied yet on this box
        await $(page, 'text-no-active-preset').waitFor({ timeout: STEP_TIMEOUT });
        await shot(page, '01-overview-with-webui-session');

        await $(page, 'link-nav-presets').click();
        await $(page, 'button-preset-card-max-seq-write').waitFor({ timeout: STEP_TIMEOUT });
        check(page.url().endsWith('/_plugins/tuning/presets'), `presets page URL: ${page.url()}`);
        await $(page, 'button-preset-card-max-seq-write').click();
        // tuning.preset.preview through the real framework: the plan table, or the error in words
        await page.locator('[data-test="table-plan-table"], [data-test="text-plan-error"]').first()
          .waitFor({ timeout: STEP_TIMEOUT });
        await shot(page, '02-presets-plan');
        if (await $(page, 'text-plan-error').count()) {
          throw new Error(`the plan failed: ${await $(page, 'text-plan-error').first().textContent()}`);
        }
        check(await page.locator('[data-test^="row-plan-row-"]').count() > 0, 'the plan has no rows');

        // a reload re-uses the web UI session again (no login form in between)
        const reloaded = await page.reload();
        await $(page, 'text-preset-cards').waitFor({ timeout: STEP_TIMEOUT });
        check(await $(page, 'form-login-form').count() === 0, 'login form after a reload with the web UI session');
        // middlewared serves the panel with its security headers, and the policy blocks nothing the panel does
        const csp = reloaded.headers()['content-security-policy'] ?? '';
        check(csp.includes("frame-ancestors 'self'"), `Content-Security-Policy from middlewared: ${csp}`);
        const blocked = log.filter((l) => /Content Security Policy/i.test(l));
        check(blocked.length === 0, `blocked by the panel's CSP: ${blocked.join('; ')}`);
      } catch (e) {
        await shot(page, 'failed-with-webui-session').catch(() => {});
        throw new Error(`${e.message}\n${log.slice(-40).join('\n')}`);
      } finally {
        await context.close();
      }
    }],
  ["a guest in TrueNAS: Back to TrueNAS instead of Log out; leaving keeps the web UI's token valid", async () => {
    const context = await launch();
    await context.addInitScript(([key, token]) => {
      window.localStorage.setItem(key, JSON.stringify(token));
    }, [WEBUI_TOKEN_KEY, TOKEN]);
    const page = context.pages()[0] ?? await context.newPage();
    const log = watch(page);
    try {
      await page.goto(URL_);
      await $(page, 'value-box-ram').waitFor({ timeout: STEP_TIMEOUT });
      const back = $(page, 'link-back-to-truenas');
      check(await back.getAttribute('href') === '/ui/', `Back to TrueNAS links ${await back.getAttribute('href')}`);
      check(await $(page, 'button-logout').count() === 0, 'Log out offered on the session borrowed from the web UI');
      // the roles of middlewared's auth.me ({"$set": [...]}, a full admin here): nothing is held back
      check(await $(page, 'text-readonly-banner').count() === 0, 'a full admin is told the session is read-only');
      await $(page, 'link-nav-presets').click();
      await $(page, 'button-preset-card-max-seq-write').click();
      await $(page, 'table-plan-table').waitFor({ timeout: STEP_TIMEOUT });
      check(await $(page, 'text-needs-role').count() === 0, 'a control is locked for a full admin');
      await shot(page, '03-guest-header');
      await back.click();
      await page.waitForURL((url) => url.pathname === '/ui/', { timeout: STEP_TIMEOUT });
      await page.goto(URL_);   // back on the origin (no web UI here) to ask middlewared about the token
      await $(page, 'value-box-ram').waitFor({ timeout: STEP_TIMEOUT });
      check(await tokenLogsIn(page, TOKEN), "the web UI's token no longer logs in after leaving the panel");
    } catch (e) {
      await shot(page, 'failed-guest').catch(() => {});
      throw new Error(`${e.message}\n${log.slice(-40).join('\n')}`);
    } finally {
      await context.close();
    }
  }],
];

mkdirSync(ARTIFACTS, { recursive: true });
let failed = 0;
for (const [name, run] of steps) {
  try {
    await run();
    console.log(`ok - ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`not ok - ${name}\n${e.stack ?? e}`);
  }
}
console.log(failed ? `panel_e2e: ${failed} of ${steps.length} steps failed` : `panel_e2e: ${steps.length} steps passed`);
process.exit(failed ? 1 : 0);
