"""The panel's HTTP handler (tuning.panel), served through a real aiohttp server on a loopback port, and its route
registration the way middlewared does it (plugin_route_add into an app whose router is not frozen yet)."""
import asyncio
import os

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from tuning import panel

INDEX = b'<!doctype html><app-root></app-root>'


@pytest.fixture
def built(tmp_path):
    """A panel directory like Angular's output, plus a secret next to it and symlinks that lead out of it."""
    d = tmp_path / 'panel'
    (d / 'media').mkdir(parents=True)
    (d / 'index.html').write_bytes(INDEX)
    (d / 'main-7XQ2UMLK.js').write_text('console.log(1)')
    (d / 'styles-5INURTSO.css').write_text('body{}')
    (d / 'favicon.ico').write_bytes(b'\x00\x00\x01\x00')
    (d / 'media' / 'font-ABCD1234.woff2').write_bytes(b'wOF2')
    (d / '.hidden').write_text('no')
    (tmp_path / 'secret.txt').write_text('top secret')
    os.symlink(tmp_path / 'secret.txt', d / 'leak.txt')
    os.symlink(tmp_path, d / 'up')
    os.symlink(d / 'main-7XQ2UMLK.js', d / 'alias.js')  # a symlink inside the panel is fine
    return d


def serve(panel_dir, requests, page=panel.NOT_INSTALLED_PAGE):
    """Register the handler as middlewared would (plugin_route_add), then make raw requests; returns the responses as
    (status, headers, body) tuples."""
    async def main():
        app = web.Application()
        middleware = PluginRouteMiddleware(app)
        assert panel.register_panel_route(middleware, str(panel_dir)) == '/_plugins/tuning/'
        server = TestServer(app, host='127.0.0.1')
        await server.start_server()
        out = []
        try:
            for method, path in requests:
                out.append(await raw_request(server.port, method, path))
        finally:
            await server.close()
        return out
    return asyncio.run(main())


async def raw_request(port, method, path):
    """An HTTP/1.0 request with the path sent exactly as given (clients would normalise ``..`` away)."""
    reader, writer = await asyncio.open_connection('127.0.0.1', port)
    writer.write(f'{method} {path} HTTP/1.0\r\nHost: x\r\n\r\n'.encode('latin-1'))
    await writer.drain()
    data = await reader.read()
    writer.close()
    head, _, body = data.partition(b'\r\n\r\n')
    lines = head.decode('latin-1').split('\r\n')
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, v in (line.split(':', 1) for line in lines[1:])}
    return status, headers, body


class PluginRouteMiddleware:
    """The two things register_panel_route uses of middlewared's Middleware, with main.py's own route template."""

    def __init__(self, app):
        self.app = app
        self.warnings = []
        self.logger = self

    def plugin_route_add(self, plugin_name, route, method):
        self.app.router.add_route('*', f'/_plugins/{plugin_name}/{route}', method)

    def warning(self, *args):
        self.warnings.append(args)


def test_files_index_and_client_side_routes(built):
    (index, js, css, font, route, deep, assets_dir, head) = serve(built, [
        ('GET', '/_plugins/tuning/'), ('GET', '/_plugins/tuning/main-7XQ2UMLK.js'),
        ('GET', '/_plugins/tuning/styles-5INURTSO.css'), ('GET', '/_plugins/tuning/media/font-ABCD1234.woff2'),
        ('GET', '/_plugins/tuning/presets/max-iops'), ('GET', '/_plugins/tuning/campaigns/3/results'),
        ('GET', '/_plugins/tuning/media/'), ('HEAD', '/_plugins/tuning/main-7XQ2UMLK.js'),
    ])
    assert index[0] == 200 and index[2] == INDEX
    assert index[1]['content-type'] == 'text/html; charset=utf-8' and index[1]['cache-control'] == 'no-cache'
    assert js[0] == 200 and js[2] == b'console.log(1)'
    assert js[1]['content-type'] == 'text/javascript; charset=utf-8'
    assert js[1]['cache-control'] == panel.CACHE_IMMUTABLE and js[1]['x-content-type-options'] == 'nosniff'
    assert css[1]['content-type'] == 'text/css; charset=utf-8' and css[1]['cache-control'] == panel.CACHE_IMMUTABLE
    assert font[0] == 200 and font[1]['content-type'] == 'font/woff2' and font[2] == b'wOF2'
    for client_route in (route, deep, assets_dir):
        assert client_route[0] == 200 and client_route[2] == INDEX
        assert client_route[1]['cache-control'] == 'no-cache'
    assert head[0] == 200 and head[2] == b'' and head[1]['content-length'] == str(len('console.log(1)'))


def test_unhashed_files_revalidate(built):
    [(status, headers, body)] = serve(built, [('GET', '/_plugins/tuning/favicon.ico')])
    assert status == 200 and body == b'\x00\x00\x01\x00'
    assert headers['content-type'] == 'image/x-icon' and headers['cache-control'] == 'no-cache'


def test_traversal_nul_and_symlinks_out_are_refused_never_500(built):
    cases = {
        '/_plugins/tuning/../secret.txt': (400,),   # aiohttp routes the raw path: the handler sees the '..'
        '/_plugins/tuning/%2e%2e/secret.txt': (400,),
        '/_plugins/tuning/media/%2e%2e/%2e%2e/secret.txt': (400,),
        '/_plugins/tuning/a%2f..%2f..%2fsecret.txt': (400,),
        '/_plugins/tuning/..%5csecret.txt': (400,),
        '/_plugins/tuning/index.html%00.js': (400,),
        '/_plugins/tuning/leak.txt': (404,),
        '/_plugins/tuning/up/secret.txt': (404,),
        '/_plugins/tuning/.hidden': (404,),
        '/_plugins/tuning/chunk-MISSING1.js': (404,),  # a missing asset is 404, not index.html
    }
    responses = serve(built, [('GET', path) for path in cases])
    for (path, allowed), (status, _, body) in zip(cases.items(), responses):
        assert status in allowed, (path, status, body)
        assert b'top secret' not in body and body != INDEX, path


def test_symlink_inside_the_panel_is_served(built):
    [(status, _, body)] = serve(built, [('GET', '/_plugins/tuning/alias.js')])
    assert status == 200 and body == b'console.log(1)'


def test_other_methods_are_405(built):
    [(status, headers, _)] = serve(built, [('POST', '/_plugins/tuning/index.html')])
    assert status == 405 and headers['allow'] == 'GET, HEAD'


def test_panel_not_installed_page(tmp_path):
    missing = tmp_path / 'panel'
    root, route = serve(missing, [('GET', '/_plugins/tuning/'), ('GET', '/_plugins/tuning/presets')])
    for status, headers, body in (root, route):
        assert status == 200 and b'panel not installed' in body and str(missing).encode() in body
        assert headers['cache-control'] == 'no-store'


@pytest.mark.parametrize('tail, kind', [
    ('', 'index'), ('/', 'index'), ('./', 'index'), ('presets/x', 'index'), ('main-7XQ2UMLK.js', 'file'),
    ('..', 'bad'), ('a/../b', 'bad'), ('a\\b', 'bad'), ('x\x00', 'bad'), ('.git/config', 'not-found'),
    ('missing.css', 'not-found'), ('leak.txt', 'not-found'), ('up', 'not-found'),
])
def test_resolve(built, tail, kind):
    found = panel.resolve(str(built), tail)
    assert found.kind == kind
    if kind == 'file':
        assert found.path == os.path.realpath(built / tail)
    if kind == 'index':
        assert found.path == os.path.realpath(built / 'index.html')


def test_no_http_app_means_no_route():
    """middlewared --dump-api and worker processes construct services without an aiohttp app."""
    class NoApp:
        app = None

        def plugin_route_add(self, *args):
            raise AssertionError('must not be called')
    assert panel.register_panel_route(NoApp(), '/nowhere') is None
    assert panel.register_panel_route(object(), '/nowhere') is None


def test_frozen_router_is_logged_not_raised(built):
    app = web.Application()
    app.router.freeze()
    middleware = PluginRouteMiddleware(app)
    assert panel.register_panel_route(middleware, str(built)) is None
    assert 'could not be added' in middleware.warnings[0][0]


def test_service_registers_the_route_when_constructed(built, monkeypatch):
    monkeypatch.setattr(panel, 'PANEL_DIR', str(built))
    app = web.Application()
    middleware = PluginRouteMiddleware(app)
    service = panel.TuningPanelService(middleware)
    # the client kit's endpoints first (client_http): the panel's route matches every path
    assert [r.canonical for r in app.router.resources()] == ['/_plugins/tuning/client/{tail}',
                                                             '/_plugins/tuning/{tail}']
    assert service.status() == {'route': '/_plugins/tuning/', 'panel_dir': str(built), 'installed': True}

