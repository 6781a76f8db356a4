"""The aiohttp application: websocket API, version/boot-id endpoints, job output downloads and input uploads,
the client kit's endpoints, the panel."""
from aiohttp import web

from tuning.client_http import ROUTE as CLIENT_ROUTE, make_client_handler

from ..config import PANEL_PATH
from .rpc import RpcHandler
from .static import panel_handler
from .uploads import Uploads

API_VERSION = "v25.10.5"


def make_app(middleware, settings):
    rpc = RpcHandler(middleware)
    app = web.Application()
    app["middleware"] = middleware

    async def versions(request):
        return web.json_response([API_VERSION])

    async def boot_id(request):
        return web.json_response(middleware.boot_id)

    async def root(request):
        raise web.HTTPFound(PANEL_PATH)

    panel = panel_handler(settings.ui_dir)
    app.router.add_get("/api/current", rpc.handle)
    app.router.add_get(f"/api/{API_VERSION}", rpc.handle)
    app.router.add_get("/api/versions", versions)
    app.router.add_get("/api/boot_id", boot_id)
    # HEAD is left out: it would spend the single-use token without delivering anything.
    app.router.add_get("/_download/{job_id}", middleware.downloads.handle, allow_head=False)
    app.router.add_post("/_upload", Uploads(middleware).handle)
    app.router.add_get("/", root)
    app.router.add_get(PANEL_PATH.rstrip("/"), root)
    # the client kit's endpoints (every method) before the panel's catch-all, as on TrueNAS
    app.router.add_route("*", PANEL_PATH + CLIENT_ROUTE, make_client_handler(middleware))
    app.router.add_get(PANEL_PATH + "{tail:.*}", panel)
    return app
