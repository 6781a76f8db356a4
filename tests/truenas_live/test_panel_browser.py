"""The panel in Chromium, served by the real middlewared at /_plugins/tuning/ and logged in with the web UI's session.

The token comes from middlewared's real auth plugin (``auth.generate_token`` on a root session of the unix socket);
the panel sends it with ``auth.login_ex {mechanism: TOKEN_PLAIN}`` over the loopback TCP site, where the real token
manager and session manager check it. tests/truenas_live/panel_e2e.mjs drives Chromium (playwright-core); screenshots
go to tests/artifacts/truenas-live/<release>/. Missing Chromium, Node or the built panel is a failure, not a skip.
"""
import os
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from .server import ready_server

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHROMIUM = os.environ.get('CHROMIUM', '/usr/bin/chromium')


@pytest.fixture(scope='module')
def server(tmp_path_factory):
    with ready_server(tmp_path_factory.mktemp('panel') / 'box') as srv:
        yield srv


def artifacts_dir() -> Path:
    release = os.environ.get('TRUENAS_RELEASE') or os.environ.get('TRUENAS_VERSION', 'unknown')
    path = REPO / 'tests/artifacts/truenas-live' / release
    path.mkdir(parents=True, exist_ok=True)
    return path


def test_panel_opens_with_the_web_ui_session_and_shows_the_box(server):
    node = shutil.which('node')
    assert node, 'node is not on PATH (the panel test needs Node and ui/node_modules/playwright-core)'
    assert os.access(CHROMIUM, os.X_OK), f'no Chromium at {CHROMIUM}'
    assert (REPO / 'ui/node_modules/playwright-core/package.json').exists(), \
        'ui/node_modules/playwright-core missing: cd ui && npm install --no-audit --no-fund'
    installed_panel = server.home / 'root/usr/lib/python3/dist-packages/middlewared/plugins/tuning/panel/index.html'
    assert installed_panel.exists(), \
        f'the installer put no built panel at {installed_panel}: cd ui && npm run build, then run the tier again'
    with urllib.request.urlopen(f'{server.url}/_plugins/tuning/', timeout=30) as r:
        assert r.status == 200 and installed_panel.read_bytes() == r.read()  # the installed build, served as is

    with server.client() as c:
        # what the web UI does after its password login; match_origin off: the token was made on the unix socket
        # and is used from the browser's loopback TCP connection
        token = c.call('auth.generate_token', 600, {}, False, False)
    assert isinstance(token, str) and token

    out = artifacts_dir()
    for old in out.glob('*.png'):
        old.unlink()
    env = dict(os.environ, PANEL_URL=f'{server.url}/_plugins/tuning/', WEBUI_TOKEN=token, ARTIFACTS=str(out),
               CHROMIUM=CHROMIUM)
    proc = subprocess.run([node, str(HERE / 'panel_e2e.mjs')], env=env, capture_output=True, text=True, timeout=300)
    report = proc.stdout + proc.stderr
    print(report)
    assert proc.returncode == 0, f'panel_e2e.mjs failed:\n{report}\n--- middlewared log tail:\n{server.log()[-3000:]}'
    assert 'not ok' not in report
    for name in ('00-own-login-without-webui-session', '01-overview-with-webui-session', '02-presets-plan'):
        shot = out / f'{name}.png'
        assert shot.exists() and shot.stat().st_size > 5000, f'screenshot {shot} missing or empty'
