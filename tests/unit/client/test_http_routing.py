"""The client endpoints registered the way middlewared registers plugin routes (``plugin_route_add`` into an app
whose router is not frozen yet): they come before the panel's catch-all, and what needs no store answers at once
(unknown endpoints, wrong methods, missing tokens: nothing reaches the plugin's methods)."""
import asyncio
import json

from aiohttp import ClientSession, web
from aiohttp.test_utils import TestServer

from tuning import panel


class Middleware:
    """middlewared's plugin_route_add (main.py's own template); ``call`` records what would reach the plugin."""

    def __init__(self, app):
        self.app, self.calls = app, []
        self.logger = None

    def plugin_route_add(self, plugin_name, route, method):
        self.app.router.add_route('*', f'/_plugins/{plugin_name}/{route}', method)

    async def call(self, name, *params):
        self.calls.append(name)
        return None   # no session has the token


def requests(panel_dir, wanted):
    async def main():
        app = web.Application()
        middleware = Middleware(app)
        assert panel.register_panel_route(middleware, str(panel_dir)) == '/_plugins/tuning/'
        server = TestServer(app, host='127.0.0.1')
        await server.start_server()
        out = []
        try:
            async with ClientSession() as http:
                for method, path, headers in wanted:
                    async with http.request(method, f'http://127.0.0.1:{server.port}{path}', headers=headers,
                                            data=b'{}') as r:
                        out.append((r.status, dict(r.headers), await r.text()))
        finally:
            await server.close()
        return out, middleware.calls
    return asyncio.run(main())


def test_client_paths_reach_the_client_handler_before_the_panel(tmp_path):
    (tmp_path / 'index.html').write_text('<!doctype html>')
    (out, calls) = requests(tmp_path, [
        ('GET', '/_plugins/tuning/client/v1/nothing', {}),
        ('DELETE', '/_plugins/tuning/client/v1/session', {}),
        ('POST', '/_plugins/tuning/client/v1/results', {'Content-Type': 'application/json'}),
        ('GET', '/_plugins/tuning/client/v1/session', {'Authorization': 'Bearer abc'}),
        ('GET', '/_plugins/tuning/benchmarks', {}),
    ])
    (missing, wrong_method, no_token, unknown_token, page) = out
    assert missing[0] == 404 and json.loads(missing[2])['error']['errname'] == 'ENOENT'
    assert wrong_method[0] == 405 and wrong_method[1]['Allow'] == 'GET'
    assert no_token[0] == 401 and json.loads(no_token[2])['error']['errname'] == 'ENOTAUTHENTICATED'
    assert unknown_token[0] == 401
    assert page[0] == 200 and page[2] == '<!doctype html>'
    assert calls == ['tuning.client.session.of_token']   # only the one request that carried a token
    assert all(r[1]['Cache-Control'] == 'no-store' for r in out[:4])
