"""Serves the built panel at /_plugins/tuning/ (single-page app: unknown paths get index.html)."""
import os

from aiohttp import web

NOT_BUILT = """<!doctype html><html><head><meta charset="utf-8"><title>tuning</title></head>
<body><h1>Panel not built</h1><p>The web panel has not been built yet: run <code>make run</code>
(it builds <code>ui/</code>). The API is up at <code>/api/current</code>.</p></body></html>"""


def panel_handler(ui_dir):
    root = os.path.realpath(ui_dir)

    async def handle(request):
        index = os.path.join(root, "index.html")
        if not os.path.isfile(index):
            return web.Response(text=NOT_BUILT, content_type="text/html", status=200)
        tail = request.match_info.get("tail", "")
        candidate = os.path.realpath(os.path.join(root, tail))
        if tail and candidate.startswith(root + os.sep) and os.path.isfile(candidate):
            return web.FileResponse(candidate)
        return web.FileResponse(index, headers={"Cache-Control": "no-cache"})

    return handle
