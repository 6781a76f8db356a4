// Browser tests: a real sandbox host, Debian's Chromium, the built panel. `node tests/e2e/run.mjs`.
// Each step asserts what a person would see; screenshots of the main screens go to tests/artifacts/e2e/.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { launchBrowser } from './browser.mjs';
import { REPO, startHost } from './host.mjs';

const PASSWORD = 'e2e-secret-password';
const READONLY_PASSWORD = 'e2e-readonly-password';
/** The TrueNAS web UI's session token in its localStorage (ngx-webstorage), which the panel borrows inside TrueNAS. */
const WEBUI_TOKEN_KEY = 'ngx-webstorage|token';
const WRITE_ROLE = 'SYSTEM_ADVANCED_WRITE';
const WRITE_ROLE_WORDS = 'Needs the System advanced write role';
const ARTIFACTS = join(REPO, 'tests/artifacts/e2e');
const BONNIE = join(REPO, 'tests/fixtures/bench/bonnie/runs-x3-2.00a.csv');
const STEP_TIMEOUT = Number(process.env.E2E_STEP_TIMEOUT_MS ?? 60_000);
const BENCH_TIMEOUT = Number(process.env.E2E_BENCH_TIMEOUT_MS ?? 600_000);
/** No step may take longer: a hang fails the run in minutes instead of eating CI's budget. */
const STEP_BUDGET = Number(process.env.E2E_STEP_BUDGET_MS ?? 900_000);

const $ = (page, id) => page.locator(`[data-test="${id}"]`);
/** A part of a test id as tpTest writes it (ui/src/app/shared/test-id/test-id.ts): `RAND_READ_4K` -> `rand-read-4k`. */
const kebab = (text) => text.replace(/([a-z])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2').toLowerCase()
  .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
// A Material checkbox (mat-checkbox) carries the test id; Playwright ticks the native input inside it.
const tick = (page, id) => $(page, id).locator('input[type="checkbox"]');

/**
 * Choose in a Material select (mat-select, which carries the test id): a click opens its panel in the CDK overlay
 * container, where its options are mat-option elements; click the one wanted and wait for the panel to close.
 * `choice`: the option's value (each mat-option of the panel carries it as data-value), `{ text }` (its words) or
 * `{ index }` (0 = the first option).
 */
async function choose(page, id, choice) {
  await $(page, id).click();
  // CDK 21 may show the panel as a popover beside the select rather than in the overlay container: look anywhere
  const panel = page.locator('.mat-mdc-select-panel');
  let option;
  if (typeof choice === 'string') {
    option = panel.locator(`mat-option[data-value="${choice}"]`);
  } else if (choice.text !== undefined) {
    option = panel.locator('mat-option').filter({ hasText: choice.text });
  } else {
    option = panel.locator('mat-option').nth(choice.index);
  }
  await option.first().click();
  await panel.waitFor({ state: 'detached' });
}

/** The words a Material select shows for its chosen option ('' when none is chosen). */
// Waits until a Material select shows the chosen text (a string or a pattern): the form may still be filling in.
async function expectChosen(page, id, text, message) {
  try {
    await $(page, id).locator('.mat-mdc-select-value-text').filter({ hasText: text }).waitFor({ timeout: 10_000 });
  } catch {
    throw new Error(message);
  }
}

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

async function login(page, password = PASSWORD, username = 'admin') {
  await $(page, 'input-login-username').fill(username);
  await $(page, 'input-login-password').fill(password);
  await $(page, 'button-login-submit').click();
}

/** JSON-RPC calls in order on one websocket of the host's /api/current, opened from `page` (on the host's origin). */
async function rpc(page, calls) {
  return page.evaluate(async (calls) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/current`);
    await new Promise((ok, fail) => {
      ws.onopen = ok;
      ws.onerror = () => fail(new Error('websocket error'));
    });
    const answers = [];
    for (const [i, [method, params]] of calls.entries()) {
      answers.push(await new Promise((ok) => {
        const on = (event) => {
          const message = JSON.parse(event.data);
          if (message.id === i + 1) {
            ws.removeEventListener('message', on);
            ok(message);
          }
        };
        ws.addEventListener('message', on);
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: i + 1, method, params }));
      }));
    }
    ws.close();   // closing keeps the session's tokens (only auth.logout ends them)
    return answers;
  }, calls);
}

/** Whether `token` still logs in (TOKEN_PLAIN), asked on a connection of its own. */
async function tokenLogsIn(page, token) {
  const [answer] = await rpc(page, [['auth.login_ex', [{ mechanism: 'TOKEN_PLAIN', token }]]]);
  return answer.result?.response_type === 'SUCCESS';
}

/** A control as a read-only user meets it: disabled by the browser, its lock naming the role it needs. */
async function checkNeedsWrite(page, id) {
  const control = $(page, id).first();
  await control.waitFor();
  check(await control.isDisabled(), `${id} is enabled for a read-only user`);
  const lock = page.locator(`[data-test="text-needs-role"]:has([data-test="${id}"])`).first();
  check(await lock.getAttribute('data-role') === WRITE_ROLE, `${id}: the lock names ${await lock.getAttribute('data-role')}`);
  check(await lock.getAttribute('aria-label') === WRITE_ROLE_WORDS, `${id}: the lock says ${await lock.getAttribute('aria-label')}`);
}

/** Wait for a job dialog to finish: the success marker, or fail at once with the job's error in words. */
async function jobOutcome(page, successId, timeout = STEP_TIMEOUT) {
  await page.locator(`[data-test="${successId}"], [data-test="text-job-error"]`).first().waitFor({ timeout });
  if (await $(page, 'text-job-error').count()) {
    throw new Error(`job failed: ${await $(page, 'text-job-error').textContent()}`);
  }
}

async function goto(page, nav) {
  await $(page, `link-nav-${nav}`).click();
}

const ALL_TESTS = ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30'];
const NAV_PAGES = ['overview', 'presets', 'restore-points', 'my-presets', 'benchmarks', 'compare', 'campaigns', 'network',
  'clients', 'ladder', 'layout'];
const KIT_TIMEOUT = Number(process.env.E2E_KIT_TIMEOUT_MS ?? 300_000);
/** What the Clients page's commands say where the client's mounted share goes. */
const SHARE_PLACEHOLDER = '/path/to/the/mounted/share';

// axe-core from the panel's dev dependencies, evaluated through the DevTools protocol (page.evaluate is outside the
// panel's Content-Security-Policy, a script tag would not be)
const AXE_PATH = join(REPO, 'ui/node_modules/axe-core/axe.min.js');
const AXE_SOURCE = readFileSync(AXE_PATH, 'utf8');
const AXE_VERSION = JSON.parse(readFileSync(join(REPO, 'ui/node_modules/axe-core/package.json'), 'utf8')).version;
const AXE_FIGURES = [];

/** A promise that fails with `what` when `promise` has not settled within `ms`: page.evaluate has no timeout of its
 * own, and a promise in the page that never settles would hang the run until CI's budget ends it. */
function withDeadline(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The serious and critical WCAG 2 A/AA violations axe-core finds on the page as it is now. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.evaluate(AXE_SOURCE);
  }
  // Contrast is judged on settled colours: a theme switch or a focus change runs Material's colour transitions
  // (150 ms), and a label caught half-way reads as too faint. Only running animations with an end are waited for
  // (a paused or endless one never finishes), and at most 5 s.
  const unsettled = await withDeadline(page.evaluate(() => {
    const ending = document.getAnimations().filter((a) => a.playState === 'running'
      && Number.isFinite(a.effect?.getComputedTiming().endTime));
    const settled = Promise.all(ending.map((a) => a.finished.catch(() => undefined))).then(() => []);
    const late = new Promise((resolve) => setTimeout(() => resolve(ending.filter((a) => a.playState === 'running')
      .map((a) => `${a.animationName ?? a.transitionProperty ?? a.constructor.name} on ${a.effect?.target?.tagName}`)), 5_000));
    return Promise.race([settled, late]);
  }), 10_000, 'waiting for animations to settle');
  if (unsettled.length) {
    console.log(`       animations still running after 5 s: ${unsettled.join(', ')}`);
  }
  const result = await withDeadline(
    page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })),
    60_000, 'axe-core');
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ') }));
}

async function setTheme(page, theme) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark')
    || document.documentElement.getAttribute('data-theme') === 'dark');
  if ((theme === 'dark') !== dark) {
    await $(page, 'button-theme-toggle').click();
  }
}

/** A short QUICK benchmark of tank/media through the form (expert overrides keep it to seconds). */
async function fillBenchmark(page, { label, tests, runs, runtime, ramp }) {
  await choose(page, 'select-bench-dataset', 'tank/media');
  for (const test of ALL_TESTS) {
    await tick(page, `checkbox-bench-test-${kebab(test)}`).setChecked(tests.includes(test));
  }
  await choose(page, 'select-bench-profile', 'QUICK');
  await $(page, 'input-bench-runs').fill(String(runs));
  await tick(page, 'checkbox-bench-adaptive').setChecked(false);
  await $(page, 'input-bench-label').fill(label);
  if (await $(page, 'details-bench-advanced').getAttribute('open') === null) {
    await $(page, 'details-bench-advanced').locator('summary').click();
  }
  await $(page, 'input-bench-runtime').fill(String(runtime));
  await $(page, 'input-bench-ramp').fill(String(ramp));
}

/** A TCP port nothing listens on now (the OS picks it), for the one-off iperf3 server. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Run the iperf3 client command the panel shows, as a person would paste it; throws with its output if it fails. */
function runClient(command) {
  const [binary, ...args] = command.trim().split(/\s+/);
  check(binary === 'iperf3', `the command shown is not an iperf3 client: ${command}`);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(output)
      : reject(new Error(`${command} exited with ${code}: ${output.slice(-400)}`))));
  });
}

/**
 * A second sandbox host on a box with 1 GiB of RAM: a client session's plan writes at least twice the box's ARC
 * maximum (16 GiB on the default 32 GiB box), too much for a browser test; on this box it is 1 GiB.
 */
async function startSmallHost(tmp) {
  const box = JSON.parse(readFileSync(join(REPO, 'plugin/tuning_host/backends/boxes/default.json'), 'utf8'));
  box.physmem = 1024 ** 3;
  const file = join(tmp, 'small-box.json');
  writeFileSync(file, JSON.stringify(box));
  const before = process.env.TUNING_BOX;
  process.env.TUNING_BOX = file;   // startHost hands its environment to the host
  try {
    return await startHost({ password: PASSWORD });
  } finally {
    if (before === undefined) {
      delete process.env.TUNING_BOX;
    } else {
      process.env.TUNING_BOX = before;
    }
  }
}

/**
 * Run a client command the panel shows, as a person pastes it into a shell on the client: in `dir`, the share's
 * placeholder replaced by `share`, the token typed when the command asks for it. Throws with its output if it fails.
 */
function runPasted(command, { dir, share, token }) {
  check(command.includes(SHARE_PLACEHOLDER), `the command has no share to replace: ${command}`);
  check(!command.includes(token), 'the command carries the token');
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command.replaceAll(SHARE_PLACEHOLDER, share)], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    const timer = setTimeout(() => child.kill('SIGTERM'), KIT_TIMEOUT);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      (code === 0 ? resolve(output) : reject(new Error(`the pasted command exited with ${code}: ${output.slice(-800)}`)));
    });
    child.stdin.end(`${token}\n`);
  });
}

/** Fill the Clients page's form for a tiny plan: one test, one run, 5 s (the shortest a session allows). */
async function fillSession(page, { label, protocol }) {
  await $(page, 'input-client-label').fill(label);
  await choose(page, 'select-client-protocol', protocol);
  for (const test of ALL_TESTS) {
    if (await $(page, `checkbox-client-test-${kebab(test)}`).count()) {
      await tick(page, `checkbox-client-test-${kebab(test)}`).setChecked(test === 'SEQ_READ');
    }
  }
  await $(page, 'input-client-runs').fill('1');
  await $(page, 'input-client-runtime').fill('5');
  await $(page, 'input-client-expires').fill('30');
}

const steps = [
  ['wrong password is refused in plain words, right one logs in', async ({ page, host }) => {
    await page.goto(host.url);
    await $(page, 'button-login-submit').waitFor();
    await shot(page, '00-login');
    await login(page, 'not-the-password');
    await $(page, 'text-login-message').filter({ hasText: 'Wrong username' }).waitFor();
    await login(page);
    await $(page, 'text-sandbox-banner').waitFor();
    await $(page, 'value-box-ram').waitFor();
    await shot(page, '01-overview');
  }],
  ['the session survives a reload (token)', async ({ page, host }) => {
    await page.reload();
    await $(page, 'text-sandbox-banner').waitFor();
    check(await $(page, 'form-login-form').count() === 0, 'login form shown after reload');
  }],
  ['custom preset: server validation shows on the field, then a risky preset is saved', async ({ page }) => {
    await goto(page, 'my-presets');
    await $(page, 'button-custom-new').click();
    await $(page, 'input-preset-name').fill('E2E risky');
    // settings come from the searchable list, in words, with this box's values
    await $(page, 'button-setting-add').click();
    await $(page, 'input-setting-search').fill('write buffer');
    await $(page, 'button-setting-option-zfs-dirty-data-max-percent').click();
    await $(page, 'text-setting-title-0').filter({ hasText: 'Write buffer, % of RAM' }).waitFor();
    await $(page, 'input-setting-value-0').fill('500');
    await $(page, 'button-setting-add').click();
    await $(page, 'input-setting-search').fill('ARC');
    await $(page, 'button-setting-option-zfs-arc-max').filter({ hasText: "this box's RAM" }).waitFor();
    await shot(page, '02a-own-preset-settings-list');
    const pickerViolations = await axeViolations(page);
    check(pickerViolations.length === 0, `the settings list has accessibility violations: ${JSON.stringify(pickerViolations)}`);
    await $(page, 'button-setting-option-zfs-arc-max').click();
    await $(page, 'input-setting-value-1').fill('64G');
    await $(page, 'button-preset-save').click();
    // the box's limits are checked at save: out of range, and an ARC larger than this 32 GiB box
    await $(page, 'text-error-value-0').filter({ hasText: 'out of range' }).waitFor();
    await $(page, 'text-error-value-1').filter({ hasText: "exceeds this box's 32 GiB of RAM" }).waitFor();
    await shot(page, '02-own-preset-error');
    await $(page, 'input-setting-value-0').fill('20%');
    await $(page, 'button-setting-remove-1').click();
    await $(page, 'button-setting-add').click();
    await $(page, 'input-setting-search').fill('sync');
    await $(page, 'button-setting-option-sync').click();
    await choose(page, 'select-setting-value-1', 'DISABLED');
    await $(page, 'button-preset-save').click();
    await page.locator('[data-test^="row-custom-row-"]').filter({ hasText: 'E2E risky' }).waitFor();
    await shot(page, '03-custom-presets');
    // a preset saved with a base shows it when edited ("Start from"), and the base can be cleared
    await choose(page, 'select-custom-from-builtin', 'max-iops');
    await $(page, 'button-preset-save').click();
    await $(page, 'button-custom-edit-max-iops-mine').click();
    await expectChosen(page, 'select-preset-base', /^\s*Max IOPS\s*$/, 'the saved base is not shown when editing');
    await $(page, 'button-preset-base-clear').click();
    await $(page, 'button-preset-save').click();     // no base and no settings: nothing left, said on the field
    await $(page, 'text-error-settings').waitFor();
    await $(page, 'button-preset-cancel').click();
    await $(page, 'button-custom-delete-max-iops-mine').click();
    await $(page, 'button-custom-delete-confirm-max-iops-mine').click();
    await $(page, 'row-custom-row-max-iops-mine').waitFor({ state: 'detached' });
  }],
  ['preview shows the plan; Apply waits for the dangerous row to be acknowledged; apply as a job', async ({ page }) => {
    await goto(page, 'presets');
    await page.locator('[data-test^="button-preset-card-"]').filter({ hasText: 'E2E risky' }).click();
    await $(page, 'table-plan-table').waitFor();
    // issue 21: the plan comes into view with the focus on its heading, and the URL names the preset
    const heading = await $(page, 'heading-plan-heading').evaluate((h) => {
      const box = h.getBoundingClientRect();
      return { focused: document.activeElement === h, top: box.top, bottom: box.bottom, height: window.innerHeight };
    });
    check(heading.focused, 'the plan heading does not have the focus after a card click');
    check(heading.top >= 0 && heading.bottom <= heading.height, `the plan heading is out of view: ${JSON.stringify(heading)}`);
    check(/[?&]preset=/.test(page.url()), `the URL does not name the preset: ${page.url()}`);
    // dataset properties wait for a dataset the admin picks: none is assumed
    await $(page, 'text-plan-needs-dataset').waitFor();
    check(await $(page, 'row-plan-row-sync').count() === 0, 'a dataset property is planned before a dataset is picked');
    await choose(page, 'select-target-dataset', { index: 0 });   // the first dataset (the native select had a placeholder first)
    await $(page, 'text-plan-needs-dataset').waitFor({ state: 'detached' });
    await $(page, 'text-plan-children').waitFor();
    await $(page, 'row-plan-row-sync').waitFor();
    check(await $(page, 'button-apply').isDisabled(), 'Apply enabled before acknowledging the DANGEROUS row');
    await tick(page, 'checkbox-ack-sync').check();
    await shot(page, '04-presets-plan');
    check(await $(page, 'button-apply').isEnabled(), 'Apply still disabled after acknowledging');
    await $(page, 'button-apply').click();
    // zfs_dirty_data_max_percent waits for a reboot: the apply asks to confirm that first, naming it by its title
    await $(page, 'text-confirm-dialog').filter({ hasText: 'Write buffer, % of RAM' }).waitFor();
    check(!(await $(page, 'text-confirm-dialog').innerText()).includes('zfs_dirty_data_max_percent'), 'the confirmation shows the raw key');
    check(await $(page, 'button-confirm-continue').isDisabled(), 'Continue enabled before the Confirm tick');
    await shot(page, '04b-apply-confirm');
    await tick(page, 'checkbox-confirm-checkbox').check();
    await $(page, 'button-confirm-continue').click();
    await jobOutcome(page, 'text-apply-outcome');
    await $(page, 'text-apply-pending-reboot').waitFor();
    await shot(page, '05-apply-done');
    await $(page, 'button-job-close').click();
    await $(page, 'text-pending-reboot-banner').waitFor();
  }],
  ['reboot: confirm, wait for the box, log in again, see the pending items verified', async ({ page }) => {
    await $(page, 'button-reboot-open').click();
    await $(page, 'list-reboot-pending-list').waitFor();
    await tick(page, 'checkbox-reboot-confirm-checkbox').check();
    await $(page, 'button-reboot-confirm').click();
    // The host restarts: either the token still works, or the login form comes back.
    const back = page.locator('[data-test="text-reboot-done"], [data-test="button-login-submit"]').first();
    await back.waitFor({ timeout: 120_000 });
    if (await $(page, 'button-login-submit').count()) {
      await login(page);
    }
    await $(page, 'text-reboot-done').waitFor({ timeout: 120_000 });
    await $(page, 'list-reboot-verified').filter({ hasText: 'Write buffer, % of RAM' }).waitFor();
    await shot(page, '06-reboot-verified');
    await $(page, 'button-reboot-close').click();
    check(await $(page, 'text-pending-reboot-banner').count() === 0, 'pending reboot banner still shown');
    await goto(page, 'overview');
    await $(page, 'text-active-preset-name').filter({ hasText: 'E2E risky' }).waitFor();
  }],
  ['drift on the Overview: one row with the box\'s value, Put back previewed, Keep the box\'s value', async ({ page }) => {
    // issue 21: sync changed behind tuning's back (as an admin would in the web UI), on the dataset the apply chose
    const [, state] = await rpc(page, [['auth.login_ex', [{ mechanism: 'PASSWORD_PLAIN', username: 'admin', password: PASSWORD }]],
      ['tuning.state', []]]);
    const sync = state.result.in_effect.find((r) => r.setting === 'sync');
    check(!!sync, 'sync is not in effect after the apply');
    const [, changed] = await rpc(page, [['auth.login_ex', [{ mechanism: 'PASSWORD_PLAIN', username: 'admin', password: PASSWORD }]],
      ['pool.dataset.update', [sync.scope, { sync: 'STANDARD' }]]]);
    check(!changed.error, `pool.dataset.update: ${JSON.stringify(changed.error)}`);
    await page.reload();
    await $(page, 'text-in-effect-drifted-sync').waitFor();
    check(/DISABLED.*\(drifted: the box has STANDARD\)/i.test(await $(page, 'cell-in-effect-value-sync').textContent()),
      `the in-effect row: ${await $(page, 'cell-in-effect-value-sync').textContent()}`);
    check(await $(page, 'table-drift-table').count() === 0, 'a second drift table beside the in-effect row');
    // Put back: the plan in the confirmation, whose tick acknowledges the dangerous value; cancelled here
    await $(page, 'button-put-back-sync').click();
    await $(page, 'text-confirm-dialog').filter({ hasText: 'ticking Confirm acknowledges' }).waitFor();
    await $(page, 'text-confirm-dialog').locator('[data-test="row-plan-row-sync"]').waitFor();
    check(await $(page, 'button-confirm-continue').isDisabled(), 'Put back enabled before the Confirm tick');
    await shot(page, '06c-drift-put-back');
    const axe = await axeViolations(page);
    check(axe.length === 0, `put back confirmation: ${JSON.stringify(axe)}`);
    await $(page, 'button-confirm-cancel').click();
    // Keep the box's value: nothing on the box changes; the setting moves to the accepted list
    await $(page, 'button-keep-sync').click();
    await $(page, 'text-confirm-dialog').filter({ hasText: 'Nothing on the box changes' }).waitFor();
    await tick(page, 'checkbox-confirm-checkbox').check();
    await $(page, 'button-confirm-continue').click();
    await jobOutcome(page, 'text-keep-outcome');
    await $(page, 'button-job-close').click();
    await $(page, 'item-accepted-sync').waitFor();
    await $(page, 'button-accepted-put-back-sync').waitFor();
    await shot(page, '06d-drift-kept');
  }],
  ['restore points: preview and revert as a job', async ({ page }) => {
    await goto(page, 'restore-points');
    await page.locator('[data-test^="button-revert-preview-"]').first().click();
    await $(page, 'card-revert-section').waitFor();
    await $(page, 'table-plan-table').waitFor();
    await shot(page, '07-restore-points');
    await $(page, 'button-revert-confirm').click();
    await $(page, 'text-confirm-dialog').waitFor();   // putting zfs_dirty_data_max_percent back needs a reboot too
    await tick(page, 'checkbox-confirm-checkbox').check();
    await $(page, 'button-confirm-continue').click();
    await jobOutcome(page, 'text-revert-outcome');
    await $(page, 'button-job-close').click();
    await page.locator('[data-test="text-restore-point-state"]').filter({ hasText: 'Reverted' }).first().waitFor();
  }],
  ['QUICK benchmark with live progress, twice', async ({ page }) => {
    await goto(page, 'benchmarks');
    for (const label of ['e2e-a', 'e2e-b']) {
      await fillBenchmark(page, { label, tests: ['SEQ_WRITE', 'RAND_READ_4K'], runs: 2, runtime: 2, ramp: 1 });
      await $(page, 'button-bench-start').click();
      await $(page, 'text-job-dialog').waitFor();
      await $(page, 'text-job-description').filter({ hasText: /run \d\/2 · / }).waitFor({ timeout: BENCH_TIMEOUT });
      await $(page, 'text-bench-live-mbps').filter({ hasText: /MB\/s$/ }).waitFor({ timeout: BENCH_TIMEOUT });
      if (label === 'e2e-a') {
        await shot(page, '08-benchmark-running');
      }
      await jobOutcome(page, 'text-bench-done', BENCH_TIMEOUT);
      const done = await $(page, 'text-bench-done').textContent();
      check(/MB\/s/.test(done) && /IOPS/.test(done), `no headline medians in "${done}"`);
      await $(page, 'button-job-close').click();
    }
    const row = page.locator('[data-test^="row-bench-row-"]').filter({ hasText: 'e2e-b' });
    await row.waitFor();
    // the risky preset was reverted, but putting its write buffer back waits for a reboot: the box still ran the
    // preset's value, so the result is no plain baseline
    const preset = (await row.locator('[data-test^="cell-bench-preset-"]').textContent()).trim();
    check(preset === 'None (1 setting waiting for a reboot)',
      `e2e-b should be measured under no preset, with the reverted one's setting waiting for a reboot: "${preset}"`);
  }],
  ['a result shows the settings, cache defeat and fio job files it was measured with', async ({ page }) => {
    const row = page.locator('[data-test^="row-bench-row-"]').filter({ hasText: 'e2e-a' });
    await row.locator('[data-test^="button-bench-details-toggle-"]').click();
    await $(page, 'text-details-cache-defeat').filter({ hasText: 'O_DIRECT' }).waitFor();
    await $(page, 'tiles-details-tiles').locator('[data-test="text-tile-value"]').first().filter({ hasText: 'MB/s' }).waitFor();
    await $(page, 'details-settings').locator('summary').click();
    await $(page, 'details-settings').filter({ hasText: 'recordsize' }).waitFor();
    await $(page, 'details-jobs').locator('summary').click();
    check(/direct=1/.test(await $(page, 'details-jobs').textContent()), 'fio job file without direct=1');
    await shot(page, '09-benchmark-details');
    await row.locator('[data-test^="button-bench-details-toggle-"]').click();
  }],
  ['abort a running benchmark: nothing stored', async ({ page }) => {
    await fillBenchmark(page, { label: 'e2e-abort', tests: ['SEQ_WRITE'], runs: 3, runtime: 60, ramp: 1 });
    await $(page, 'button-bench-start').click();
    await $(page, 'text-bench-live-mbps').waitFor({ timeout: BENCH_TIMEOUT });
    await $(page, 'button-job-abort').click();
    await $(page, 'text-bench-aborted').waitFor({ timeout: BENCH_TIMEOUT });
    await shot(page, '10-benchmark-aborted');
    await $(page, 'button-job-close').click();
    await $(page, 'button-bench-start').and(page.locator(':enabled')).waitFor(); // the box is free again
    check(await page.locator('[data-test^="row-bench-row-"]').filter({ hasText: 'e2e-abort' }).count() === 0,
      'the aborted benchmark was stored');
  }],
  ['a bad override is refused on its field by the server', async ({ page }) => {
    // Over the server's 3600 s cap (the form's own checks know only the minimum).
    await fillBenchmark(page, { label: 'e2e-bad', tests: ['SEQ_WRITE'], runs: 1, runtime: 100_000, ramp: 0 });
    await $(page, 'button-bench-start').click();
    // In words under the field (pydantic's "Input should be less than or equal to 3600" reworded).
    await $(page, 'text-error-runtime-seconds').filter({ hasText: 'Measured seconds per run: must be at most 3600' }).waitFor();
    await shot(page, '10b-benchmark-field-error');
    check(await $(page, 'text-job-dialog').count() === 0, 'the progress dialog stayed open over a field error');
  }],
  ['a benchmark that does not fit is refused with the figures', async ({ page }) => {
    await fillBenchmark(page, { label: 'e2e-huge', tests: ['SEQ_WRITE'], runs: 1, runtime: 1, ramp: 0 });
    await $(page, 'input-bench-working-set').fill(String(2 ** 30)); // 1 PiB in MiB
    await $(page, 'button-bench-start').click();
    await $(page, 'text-bench-space').filter({ hasText: 'Must stay free' }).waitFor();
    check(/Not enough space/.test(await $(page, 'text-job-error').textContent()), 'no ENOSPC message');
    await $(page, 'button-job-close').click();
    await $(page, 'input-bench-working-set').fill('');
  }],
  ['import a bonnie++ file; a broken one says where', async ({ page, tmp }) => {
    const broken = join(tmp, 'broken.csv');
    writeFileSync(broken, readFileSync(BONNIE, 'utf8').replace('81600', '81x00'));
    await $(page, 'button-import-open').click();
    await $(page, 'input-import-file').setInputFiles(broken);
    await choose(page, 'select-import-format', 'BONNIE');
    await $(page, 'input-import-label').fill('broken bonnie');
    await $(page, 'button-import-submit').click();
    await $(page, 'text-import-data-error').filter({ hasText: 'line 3, column put_block' }).waitFor();
    await shot(page, '11-import-error');
    await $(page, 'input-import-file').setInputFiles(BONNIE);
    await $(page, 'input-import-label').fill('old bonnie');
    await $(page, 'button-import-submit').click();
    await $(page, 'text-import-done').waitFor();
    const row = page.locator('[data-test^="row-bench-row-"]').filter({ hasText: 'old bonnie' });
    await row.waitFor();
    check((await row.locator('[data-test^="cell-bench-preset-"]').textContent()).trim() === 'imported', 'import not marked');
    await shot(page, '12-benchmarks');
  }],
  ['compare two runs: charts, no network line beside box-measured runs, verdicts; an import adds a warning', async ({ page }) => {
    const rows = page.locator('[data-test^="row-bench-row-"]');
    await rows.filter({ hasText: 'e2e-a' }).locator('[data-test^="checkbox-bench-pick-"] input').check();
    await rows.filter({ hasText: 'e2e-b' }).locator('[data-test^="checkbox-bench-pick-"] input').check();
    await $(page, 'button-bench-compare').click();
    await $(page, 'card-chart-seq').waitFor();
    await $(page, 'card-chart-iops').waitFor();
    await $(page, 'card-chart-latency').locator('[data-test="shape-chart-mark"]').nth(1).waitFor();
    // issue 21: the link's maximum bounds only client-measured results; these two were measured on the box
    await $(page, 'text-chart-max-left-out').waitFor();
    check(await $(page, 'group-chart-max-line').count() === 0, 'a network line beside results measured on the box');
    check(await page.locator('[data-test="text-chart-series-label"]').evaluateAll((t) => t.every((e) => !e.textContent.endsWith('…'))),
      'a result name cut in a chart');
    check(await $(page, 'card-chart-iops').locator('rect').count() === 0, 'bars on the logarithmic IOPS axis');
    // the tiles: 2 runs a side, so the change is "too few runs for a verdict", never a percentage
    await $(page, 'tiles-compare-tiles').locator('[data-test="text-tile-change"]').first()
      .filter({ hasText: 'too few runs for a verdict' }).waitFor();
    await $(page, 'table-delta-table').waitFor();
    check(await $(page, 'text-delta-verdict').count() > 0, 'no verdict rows');
    // 2 runs a side can prove nothing: no interval, no p, the runs a verdict needs instead
    await $(page, 'cell-delta-too-few').first().filter({ hasText: 'need 5 per side' }).waitFor();
    await shot(page, '13-compare');
    // the charts and tiles in both themes and on a phone: text at 12 px on screen (laid out, never scaled), no axe
    // violation with the charts drawn (the axe step visits Compare with nothing chosen)
    for (const [width, theme] of [[1280, 'light'], [390, 'dark'], [390, 'light']]) {
      await page.setViewportSize({ width, height: 800 });
      await setTheme(page, theme);
      await $(page, 'card-chart-seq').locator('[data-test="shape-chart-mark"]').first().waitFor();
      const sizes = await page.locator('[data-test="chart-svg"] text').evaluateAll(
        (texts) => texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));
      check(sizes.length > 0 && Math.min(...sizes) >= 11, `chart text at ${Math.min(...sizes)} px (${theme}, ${width} px)`);
      const violations = await axeViolations(page);
      check(violations.length === 0, `compare with charts (${theme}, ${width} px): ${JSON.stringify(violations)}`);
      await shot(page, `13-compare-${theme}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await setTheme(page, 'dark');
    await $(page, 'details-compare-picker').locator('summary').click();
    await page.locator('tr').filter({ hasText: 'old bonnie' }).locator('[data-test^="checkbox-compare-pick-"] input').check();
    // an imported bonnie++ run beside fio runs: measured with another tool
    await $(page, 'section-compare-warnings').filter({ hasText: 'benchmark tool bonnie++' }).waitFor();
  }],
  ['a tiny campaign runs to DONE: recommendation, the HTML report inline, a CSV report download', async ({ page }) => {
    await goto(page, 'campaigns');
    await $(page, 'checkbox-camp-preset-max-seq-write').waitFor();
    await choose(page, 'select-camp-dataset', 'tank/media');
    await tick(page, 'checkbox-camp-preset-max-seq-write').check();
    for (const test of ALL_TESTS) {
      await tick(page, `checkbox-camp-test-${kebab(test)}`).setChecked(test === 'SEQ_WRITE');
    }
    await choose(page, 'select-camp-profile', 'QUICK');
    await $(page, 'input-camp-runs').fill('1');
    await $(page, 'input-camp-rounds').fill('1');
    await $(page, 'input-camp-label').fill('e2e campaign');
    await $(page, 'details-camp-advanced').locator('summary').click();
    await $(page, 'input-camp-runtime').fill('1');
    await $(page, 'input-camp-ramp').fill('0');
    check(await $(page, 'text-camp-reboot-words').textContent().then((t) => t.includes('never restarted')), 'reboot words missing');
    // 1 run × 1 round: the form says before the start that it can reach no verdict and is a single round
    await $(page, 'text-plan-estimate-too-few').waitFor();
    await $(page, 'text-plan-estimate-single-round').waitFor();
    await shot(page, '14b-campaign-form-estimate');
    await $(page, 'button-camp-start').click();
    // max-seq-write restarts SMB (multichannel): the campaign asks for the same Confirm tick as an apply
    await $(page, 'text-confirm-dialog').filter({ hasText: 'SMB' }).waitFor();
    check(await $(page, 'button-confirm-continue').isDisabled(), 'the campaign starts before the Confirm tick');
    await tick(page, 'checkbox-confirm-checkbox').check();
    await $(page, 'button-confirm-continue').click();
    await page.locator('[data-test="table-camp-rec-table"], [data-test="text-camp-error"]').first().waitFor({ timeout: BENCH_TIMEOUT });
    if (await $(page, 'text-camp-error').count()) {
      throw new Error(`campaign refused: ${await $(page, 'text-camp-error').textContent()}`);
    }
    const verdicts = await page.locator('[data-test^="text-camp-verdict-"]').allTextContents();
    check(verdicts.length > 0 && verdicts.every((v) => /Too few runs/.test(v)), `verdicts: ${verdicts}`);
    await $(page, 'text-camp-single-round').waitFor();
    await $(page, 'link-camp-compare-link').waitFor();
    const report = page.frameLocator('[data-test="frame-camp-report-frame"]');
    await report.locator('body').filter({ hasText: 'Max sequential write' }).waitFor();   // the preset by name, not its id
    await shot(page, '15-campaign-report');
    // The report as a reader gets it: its HTML alone in a page of its own (a screenshot of the sandboxed inline frame
    // comes out blank in headless Chromium), on screen and printed to PDF with its print stylesheet.
    const html = await $(page, 'frame-camp-report-frame').getAttribute('srcdoc');
    const alone = await page.context().newPage();
    try {
      await alone.setContent(html, { waitUntil: 'load' });
      check(await alone.locator('#campaign').count() === 1 && (await alone.locator('svg').count()) > 0,
        'the report has its campaign section and its charts');
      await alone.screenshot({ path: join(ARTIFACTS, 'report-html-chromium.png'), fullPage: true });
      await alone.pdf({ path: join(ARTIFACTS, 'report-html-chromium.pdf'), preferCSSPageSize: true, printBackground: true });
    } finally {
      await alone.close();
    }
    const [download] = await Promise.all([page.waitForEvent('download'), $(page, 'button-report-download-csv').click()]);
    check(download.suggestedFilename().endsWith('.csv'), `file name ${download.suggestedFilename()}`);
    const csv = readFileSync(await download.path(), 'utf8');
    check(csv.startsWith('configuration_id,'), `CSV starts with ${csv.slice(0, 40)}`);
  }],
  ['network ceiling: the client runs the four commands the progress shows, the result is stored', async ({ page }) => {
    await goto(page, 'network');
    await $(page, 'form-net-form').waitFor();
    // the sandbox's first linked port answers on 127.0.0.1: the form starts on it
    await expectChosen(page, 'select-net-interface', /Mb\/s · MTU/, 'the port has no speed in words');
    await $(page, 'input-net-port').fill(String(await freePort()));
    await $(page, 'input-net-duration').fill('1');
    await $(page, 'input-net-streams').fill('2');
    await $(page, 'input-net-timeout').fill('60');
    await $(page, 'input-net-label').fill('e2e network');
    await $(page, 'button-net-start').click();
    const commands = [];
    for (let test = 1; test <= 4; test++) {
      await $(page, 'text-net-waiting-for').filter({ hasText: `Test ${test} of 4` }).waitFor();
      const command = (await $(page, 'text-net-command').textContent()).trim();
      if (test === 1) {
        await shot(page, '16-network-waiting');
      }
      commands.push(command);
      await runClient(command);
    }
    check(commands[1].includes('-P 2') && commands[2].endsWith('-R') && /-P 2 -R$/.test(commands[3]),
      `the four commands: ${commands.join(' | ')}`);
    await jobOutcome(page, 'text-net-done');
    await $(page, 'button-job-close').click();
    const row = page.locator('[data-test^="row-net-row-"]').filter({ hasText: 'e2e network' });
    await row.waitFor();
    check(await row.locator('[data-test^="list-net-figures-"] li').count() === 4, 'the result does not show four figures');
    check(/Mb\/s \([\d.,]+ MB\/s\)/.test(await row.locator('[data-test^="cell-net-ceiling-"]').textContent()), 'no ceiling in units');
    await shot(page, '17-network');
  }],
  ['clients: a session shows its token once with the commands for each client; revoked after confirming', async ({ page }) => {
    await goto(page, 'clients');
    await $(page, 'form-client-form').waitFor();
    await fillSession(page, { label: 'e2e session', protocol: 'NFS' });
    await $(page, 'button-client-create').click();
    await $(page, 'card-client-created').waitFor();
    const token = (await $(page, 'text-client-token').textContent()).trim();
    check(token.length >= 16, `the token shown: ${token}`);
    check(/shown only now/.test(await $(page, 'text-client-token-warning').textContent()), 'no warning that the token is shown once');
    const origin = new URL(page.url()).origin;
    for (const kind of ['linux', 'macos', 'windows', 'agent_linux']) {
      const command = await $(page, `text-client-command-${kebab(kind)}`).textContent();
      check(command.includes(origin) && command.includes('tuning_client.py') && !command.includes(token),
        `the ${kind} command: ${command}`);
    }
    await shot(page, '18-clients-session');
    const linux = await $(page, 'text-client-command-linux').textContent();
    await $(page, 'button-client-created-close').click();
    const row = page.locator('[data-test^="row-client-session-"]').filter({ hasText: 'e2e session' });
    await row.locator('[data-test^="cell-client-state-"]').filter({ hasText: 'Active' }).waitFor();
    // the commands again later, without the token
    await row.locator('[data-test^="button-client-commands-toggle-"]').click();
    const again = page.locator('[data-test^="text-client-command-"][data-test$="-linux"]:not([data-test$="-agent-linux"])');
    check(await again.textContent() === linux, `the commands shown again differ: ${await again.textContent()}`);
    const violations = await axeViolations(page);
    check(violations.length === 0, `the session's commands have accessibility violations: ${JSON.stringify(violations)}`);
    await row.locator('[data-test^="button-client-revoke-"]').click();
    await tick(page, 'checkbox-confirm-checkbox').check();
    await $(page, 'button-confirm-continue').click();
    await row.locator('[data-test^="cell-client-state-"]').filter({ hasText: 'Revoked' }).waitFor();
    await shot(page, '19-clients');
  }],
  ['client kit: the Linux command the Clients page shows runs on this machine, its result is listed', async ({ page, tmp }) => {
    const small = await startSmallHost(tmp);
    const client = await page.context().newPage();
    client.setDefaultTimeout(STEP_TIMEOUT);
    try {
      await client.goto(small.url);
      await login(client);
      await goto(client, 'clients');
      await $(client, 'form-client-form').waitFor();
      await fillSession(client, { label: 'e2e kit', protocol: 'LOCAL' });
      await $(client, 'button-client-create').click();
      await $(client, 'card-client-created').waitFor();
      const token = (await $(client, 'text-client-token').textContent()).trim();
      const command = (await $(client, 'text-client-command-linux').textContent()).trim();
      const share = join(tmp, 'share');
      mkdirSync(share);
      const output = await runPasted(command, { dir: tmp, share, token });
      await $(client, 'button-client-created-close').click();
      await $(client, 'button-client-refresh').click();
      const session = client.locator('[data-test^="row-client-session-"]').filter({ hasText: 'e2e kit' });
      await session.locator('[data-test^="cell-client-count-"]').filter({ hasText: /^1$/ }).waitFor();
      const result = client.locator('[data-test^="row-client-result-"]').first();
      await result.filter({ hasText: 'e2e kit' }).waitFor();
      check(/local file system/.test(await result.locator('[data-test^="cell-client-protocol-"]').textContent()),
        `the result's protocol: ${await result.textContent()}`);
      check(readdirSync(share).length === 0, `the kit left files in the share: ${readdirSync(share).join(', ')}`);
      await shot(client, '20-clients-result');
      console.log(`       kit: ${output.trim().split('\n').slice(-1)[0]}`);
    } finally {
      await client.close();
      await small.stop();
    }
  }],
  ['bottleneck: read the disks (sandbox stand-ins), the ladder names what limits', async ({ page }) => {
    await goto(page, 'ladder');
    await $(page, 'text-ladder-verdict').waitFor();
    await $(page, 'input-ladder-seconds').fill('3');
    await $(page, 'button-ladder-read').click();
    await jobOutcome(page, 'text-ladder-read-done', BENCH_TIMEOUT);
    check(/stood in for the disks/.test(await $(page, 'text-ladder-read-done').textContent()), 'the stand-ins are not said');
    await $(page, 'button-job-close').click();
    await $(page, 'cell-ladder-read-0').filter({ hasText: 'MB/s' }).waitFor();
    const verdict = await $(page, 'text-ladder-verdict').textContent();
    check(!/Nothing is measured/.test(verdict), `the verdict: ${verdict}`);
    await shot(page, '21-bottleneck');
  }],
  ['pool layout: tank\u2019s disks laid out again, its own layout marked; the layout post\u2019s 12 x 4 TB described', async ({ page }) => {
    await goto(page, 'layout');
    await choose(page, 'select-layout-source', 'POOL');
    await $(page, 'row-layout-row-1-7-wide-raidz2').filter({ hasText: 'this pool' }).waitFor();
    await choose(page, 'select-layout-source', 'GIVEN');
    await $(page, 'input-layout-count').fill('12');
    await $(page, 'input-layout-size').fill('4');
    await $(page, 'button-layout-show').click();
    const wide = $(page, 'row-layout-row-1-12-wide-raidz2');
    await wide.filter({ hasText: '33.1 TiB' }).waitFor();
    check(/28\.9 TiB/.test(await $(page, 'row-layout-row-2-6-wide-raidz2').textContent()), 'the 2 x 6 layout is not 28.9 TiB');
    await $(page, 'summary-layout-why-1-12-wide-raidz2').click();
    check(/42 sectors/.test(await $(page, 'details-layout-why-1-12-wide-raidz2').textContent()), 'the why says no sectors');
    await shot(page, '22-pool-layout');
  }],
  ['record size: tank/media\u2019s films call for 1M, in words; a limit out of bounds is refused under its field', async ({ page }) => {
    await goto(page, 'layout');
    const [, media] = await rpc(page, [
      ['auth.login_ex', [{ mechanism: 'PASSWORD_PLAIN', username: 'admin', password: PASSWORD }]],
      ['pool.dataset.query', [[['id', '=', 'tank/media']], { get: true }]]]);
    const dir = join(media.result.mountpoint, 'e2e-recordsize');
    mkdirSync(dir);
    try {
      for (let i = 0; i < 3; i++) {   // sparse: the walk reads sizes, never contents
        writeFileSync(join(dir, `film${i}.mkv`), '');
        truncateSync(join(dir, `film${i}.mkv`), 64 * 1024 ** 2);
      }
      writeFileSync(join(dir, 'notes.txt'), 'x'.repeat(100));
      await choose(page, 'select-recordsize-dataset', 'tank/media');
      await $(page, 'summary-recordsize-limits').click();
      await $(page, 'input-recordsize-seconds').fill('601');
      await $(page, 'button-recordsize-start').click();
      await $(page, 'text-error-max-seconds').filter({ hasText: 'Most seconds: must be at most 600' }).waitFor();
      await $(page, 'input-recordsize-seconds').fill('10');
      await $(page, 'button-recordsize-start').click();
      const headline = (await $(page, 'text-recordsize-headline').textContent()).trim();
      check(/^(Use 1 MiB( \(now \d+ [KM]iB\))?|Keep 1 MiB)$/.test(headline), `the headline: ${headline}`);
      check(/files .* all of the dataset/.test(await $(page, 'text-recordsize-scan').textContent()), 'the walk is not said');
      await $(page, 'row-recordsize-candidate-1m').filter({ hasText: 'advised' }).waitFor();
      check(!/tuning\.|EBUSY|_BYTES/.test(await $(page, 'section-recordsize-answer').textContent()), 'a key on the answer');
      await shot(page, '22b-record-size');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }],
  ['log device: the sandbox\u2019s datasets cannot be measured, said before any choice; no dataset offered, Measure off', async ({ page }) => {
    await goto(page, 'layout');
    await $(page, 'text-slog-cannot-measure').filter({ hasText: 'The sandbox cannot measure' }).waitFor();
    check(await $(page, 'select-slog-dataset').getAttribute('aria-disabled') === 'true', 'a dataset offered that cannot be measured');
    check(await $(page, 'button-slog-start').isDisabled(), 'Measure offered with nothing to measure');
    check(await $(page, 'section-slog-answer').count() === 0, 'an answer with nothing measured');
    await shot(page, '22c-log-device');
  }],
  ['a read-only user: nothing pre-filled at login; every write control disabled, naming the role; reading works',
    async ({ host }) => {
      const context = await launchBrowser();
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT);
      try {
        await page.goto(host.url);
        await $(page, 'button-login-submit').waitFor();
        check(await $(page, 'input-login-username').inputValue() === '', 'the login form fills in a user name');
        check(/standalone host: admin/.test(await $(page, 'hint-login-username-hint').textContent()), 'no hint of the host user');
        check(await $(page, 'link-login-back-to-truenas').count() === 0, 'a way back to TrueNAS on the standalone host');
        await login(page, READONLY_PASSWORD, 'readonly');
        await $(page, 'text-readonly-banner').filter({ hasText: 'System advanced write' }).waitFor();
        const violations = [];
        const axe = async (where) => {
          for (const v of await axeViolations(page)) {
            violations.push(`${where}: ${v.impact} ${v.id} × ${v.nodes} — ${v.help} [${v.targets}]`);
          }
        };
        await goto(page, 'presets');
        await $(page, 'button-preset-card-max-seq-write').click();
        await $(page, 'table-plan-table').waitFor();     // a preview is a read: it works
        await checkNeedsWrite(page, 'button-apply');
        await $(page, 'button-apply').click({ force: true, timeout: 2_000 }).catch(() => undefined);
        check(await $(page, 'text-confirm-dialog').count() === 0 && await $(page, 'text-job-dialog').count() === 0,
          'a read-only user reached a confirmation or a job');
        await shot(page, '22-readonly-presets-plan');
        await axe('presets');
        await goto(page, 'my-presets');
        await checkNeedsWrite(page, 'button-custom-new');
        await checkNeedsWrite(page, 'select-custom-from-builtin');
        await axe('my presets');
        await goto(page, 'benchmarks');
        await checkNeedsWrite(page, 'button-bench-start');
        await checkNeedsWrite(page, 'button-import-open');
        await page.locator('[data-test^="row-bench-row-"]').first().waitFor();
        await checkNeedsWrite(page, (await page.locator('[data-test^="button-bench-delete-"]').first().getAttribute('data-test')));
        await shot(page, '23-readonly-benchmarks');
        await axe('benchmarks');
        await goto(page, 'campaigns');
        await checkNeedsWrite(page, 'button-camp-start');
        await goto(page, 'network');
        await checkNeedsWrite(page, 'button-net-start');
        await goto(page, 'clients');
        await checkNeedsWrite(page, 'button-client-create');
        await checkNeedsWrite(page, 'button-client-import-open');
        await goto(page, 'ladder');
        await checkNeedsWrite(page, 'button-ladder-read');
        await goto(page, 'layout');   // the record size walk only reads: a read-only user may run it
        await choose(page, 'select-recordsize-dataset', 'tank/media');
        check(!(await $(page, 'button-recordsize-start').isDisabled()), 'a read-only user may not look at the files');
        await checkNeedsWrite(page, 'button-slog-start');
        await goto(page, 'restore-points');
        await page.locator('[data-test^="row-restore-point-"]').first().waitFor();
        const revert = page.locator('[data-test^="button-revert-preview-"]');
        if (await revert.count()) {
          await revert.first().click();
          await $(page, 'table-plan-table').waitFor();
          await checkNeedsWrite(page, 'button-revert-confirm');
        }
        await axe('restore points');
        await page.setViewportSize({ width: 390, height: 800 });
        await goto(page, 'presets');
        await $(page, 'button-preset-card-max-seq-write').click();
        await checkNeedsWrite(page, 'button-apply');
        await shot(page, '24-readonly-presets-390');
        await axe('presets at 390 px');
        check(violations.length === 0, `accessibility violations for a read-only user:\n${violations.join('\n')}`);
        check(await $(page, 'button-logout').count() === 1 && await $(page, 'link-back-to-truenas').count() === 0,
          'the standalone host offers Log out and nothing about TrueNAS');
      } finally {
        await context.close();
      }
    }],
  ["inside TrueNAS (the web UI's session on this origin): Back to TrueNAS, no Log out; the web UI's token stays valid",
    async ({ page, host }) => {
      // The web UI's token as middlewared would have made it for the web UI: a login of its own, a token, the
      // connection closed (which keeps the token).
      const [loggedIn, generated] = await rpc(page, [
        ['auth.login_ex', [{ mechanism: 'PASSWORD_PLAIN', username: 'admin', password: PASSWORD }]],
        ['auth.generate_token', [600, {}, false, false]],
      ]);
      check(loggedIn.result?.response_type === 'SUCCESS' && typeof generated.result === 'string',
        `no web UI token: ${JSON.stringify([loggedIn, generated])}`);
      const token = generated.result;
      const context = await launchBrowser();
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)),
        [WEBUI_TOKEN_KEY, token]);
      const guest = await context.newPage();
      guest.setDefaultTimeout(STEP_TIMEOUT);
      try {
        await guest.goto(host.url);
        await $(guest, 'value-box-ram').waitFor();
        check(await $(guest, 'form-login-form').count() === 0, 'the panel asked for a login with the web UI session');
        const back = $(guest, 'link-back-to-truenas');
        check(await back.getAttribute('href') === '/ui/', `Back to TrueNAS links ${await back.getAttribute('href')}`);
        check(await $(guest, 'button-logout').count() === 0, 'Log out offered on the session borrowed from the web UI');
        await shot(guest, '25-inside-truenas-header');
        for (const [width, theme] of [[1280, 'dark'], [390, 'light']]) {
          await guest.setViewportSize({ width, height: 800 });
          await setTheme(guest, theme);
          const violations = await axeViolations(guest);
          check(violations.length === 0, `the guest header (${theme}, ${width} px): ${JSON.stringify(violations)}`);
        }
        await shot(guest, '26-inside-truenas-header-390');
        await back.click();
        await guest.waitForURL((url) => url.pathname === '/ui/');
        check(await tokenLogsIn(page, token), "leaving the panel revoked the web UI's token");
      } finally {
        await context.close();
      }
      // The web UI logged out (its entry holds null): the login suggests the box's user and leads back to it
      const fresh = await launchBrowser();
      await fresh.addInitScript((key) => window.localStorage.setItem(key, 'null'), WEBUI_TOKEN_KEY);
      const box = await fresh.newPage();
      try {
        await box.goto(host.url);
        await $(box, 'button-login-submit').waitFor();
        check(await $(box, 'input-login-username').inputValue() === '', 'the login fills in a user name on a box');
        check(/truenas_admin/.test(await $(box, 'hint-login-username-hint').textContent()), 'no hint of the box user');
        check(await $(box, 'link-login-back-to-truenas').getAttribute('href') === '/ui/', 'no way back to the web UI');
        await shot(box, '27-inside-truenas-login');
      } finally {
        await fresh.close();
      }
    }],
  ['axe-core: no serious or critical accessibility violation on any page, light and dark, wide and 390 px',
    async ({ page }) => {
      const found = [];
      for (const [width, theme] of [[1280, 'light'], [1280, 'dark'], [390, 'light'], [390, 'dark']]) {
        await page.setViewportSize({ width, height: 800 });
        await setTheme(page, theme);
        for (const nav of NAV_PAGES) {
          await goto(page, nav);
          await page.locator('h1').first().waitFor();
          await shot(page, `page-${nav}-${theme}-${width}`);  // every page in each theme and width, for review
          for (const v of await axeViolations(page)) {
            found.push(`${nav} (${theme}, ${width} px): ${v.impact} ${v.id} × ${v.nodes} — ${v.help} [${v.targets}]`);
          }
        }
        AXE_FIGURES.push(`${theme} ${width} px: ${NAV_PAGES.length} pages checked`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await setTheme(page, 'light');
      console.log(`       axe-core ${AXE_VERSION}: ${AXE_FIGURES.join('; ')}; serious or critical: ${found.length}`);
      check(found.length === 0, `accessibility violations:\n${found.join('\n')}`);
    }],
  ['no table on any page shows a bare byte count or an internal enum name; no page shows template source', async ({ page }) => {
    const found = [];
    for (const nav of NAV_PAGES) {
      await goto(page, nav);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(500); // tables fill from their queries
      // an interpolation the template parser could not read is shown as its source ('{{ ... | t }}')
      const source = (await page.locator('body').innerText()).match(/\{\{[^}]{0,60}/);
      if (source) {
        found.push(`${nav}: template source "${source[0]}"`);
      }
      const cells = await page.locator('table td, table th').allTextContents();
      for (const text of cells) {
        const bad = text.match(/\d{7,}|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/);
        if (bad) {
          found.push(`${nav}: "${bad[0]}" in "${text.trim().slice(0, 80)}"`);
        }
      }
    }
    check(found.length === 0, `bare numbers, enum names or template source:\n${[...new Set(found)].join('\n')}`);
  }],
  ['narrow screen and dark theme render the presets page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await goto(page, 'presets');
    await $(page, 'text-preset-cards').waitFor();
    await $(page, 'button-theme-toggle').click();
    await shot(page, '14-presets-narrow-theme');
    // the plan turns into one block a row on a phone: nothing wider than the screen, no cell clipped sideways
    await $(page, 'button-preset-card-max-seq-write').click();
    await $(page, 'table-plan-table').waitFor();
    const overflow = await $(page, 'table-plan-table').evaluate((t) => t.getBoundingClientRect().right - document.documentElement.clientWidth);
    check(overflow <= 0, `the plan table runs ${overflow} px past a 390 px screen`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }],
];

async function main() {
  mkdirSync(ARTIFACTS, { recursive: true });
  const only = process.argv[2] ? new RegExp(process.argv[2], 'i') : null;
  const host = await startHost({ password: PASSWORD, readonlyPassword: READONLY_PASSWORD });
  const context = await launchBrowser();
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const consoleErrors = [];
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  // The panel is served with a Content-Security-Policy: anything it blocks is a bug in the panel or the policy.
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) {
      consoleErrors.push(`CSP: ${m.text()}`);
    }
  });
  let failed = 0;
  let passed = 0;
  try {
    for (const [name, run] of steps) {
      if (only && !only.test(name)) {
        continue;
      }
      const tmp = mkdtempSync(join(tmpdir(), 'tuning-e2e-step-'));
      try {
        await withDeadline(run({ page, host, tmp }), STEP_BUDGET, 'the step');
        passed++;
        console.log(`ok     ${name}`);
      } catch (error) {
        failed++;
        console.log(`FAILED ${name}\n       ${String(error.message ?? error).split('\n').slice(0, 6).join('\n       ')}`);
        await shot(page, `failed-${steps.findIndex((s) => s[0] === name)}`).catch(() => undefined);
        break; // later steps build on this one
      } finally {
        rmSync(tmp, { recursive: true, force: true });   // a step's downloads and uploads
      }
    }
  } finally {
    await context.close();
    await host.stop();
  }
  if (consoleErrors.length) {
    // An uncaught exception in the panel is a bug even when the step's assertions passed.
    console.log(`page errors:\n  ${consoleErrors.join('\n  ')}`);
  }
  if (failed || consoleErrors.length) {
    console.log(`host log (tail):\n${host.log.join('').split('\n').slice(-30).join('\n')}`);
    process.exit(1);
  }
  console.log(`${passed} browser steps passed; screenshots in ${ARTIFACTS}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
