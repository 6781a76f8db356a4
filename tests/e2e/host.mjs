// Starts a real tuning host (sandbox backend) on a free loopback port for the browser tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(new URL('../..', import.meta.url).pathname);
export const UI_DIST = join(REPO, 'ui/dist/tuning/browser');

export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
    server.on('error', fail);
  });
}

async function waitForPanel(url, child, log, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      throw new Error(`host exited with ${child.exitCode}:\n${log.join('')}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`host did not serve ${url} in time:\n${log.join('')}`);
}

/** `readonlyPassword`: also the read-only administrator `readonly` (READONLY_ADMIN) with this password. */
export async function startHost({ password, readonlyPassword = null }) {
  if (!existsSync(join(UI_DIST, 'index.html'))) {
    throw new Error(`no built panel at ${UI_DIST}: run npm --prefix ui run build`);
  }
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'tuning-e2e-'));
  const log = [];
  const child = spawn(join(REPO, '.venv/bin/python'), ['-m', 'tuning_host'], {
    cwd: REPO,
    env: {
      ...process.env, PYTHONPATH: 'middleware:plugin', TUNING_DATA: data, PORT: String(port),
      TUNING_HOST: '127.0.0.1', TUNING_ADMIN_PASSWORD: password, TUNING_UI_DIR: UI_DIST,
      ...(readonlyPassword ? { TUNING_READONLY_PASSWORD: readonlyPassword } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => log.push(String(d)));
  child.stderr.on('data', (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}/_plugins/tuning/`;
  await waitForPanel(url, child, log, 60_000);
  return {
    url, data, log,
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise((ok) => {
          child.once('exit', () => ok());
          child.kill('SIGTERM');
        });
      }
      rmSync(data, { recursive: true, force: true, maxRetries: 5 });   // its database and sandbox, once it has exited
    },
  };
}
