"""Serves the built panel at /_plugins/tuning/ with the plugin's own handler (``tuning.panel``), the one middlewared
uses on TrueNAS: same path rules (SPA fallback to index.html, 400/404 for traversal and missing assets), same content
types and caching. Only the directory and the page shown while the panel is missing differ."""
from tuning.panel import make_panel_handler

NOT_BUILT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tuning</title></head>
<body><h1>Panel not built</h1><p>The web panel has not been built yet in <code>{panel_dir}</code>: run
<code>make run</code> (it builds <code>ui/</code>). The API is up at <code>/api/current</code>.</p></body></html>"""


def panel_handler(ui_dir):
    return make_panel_handler(ui_dir, NOT_BUILT)
