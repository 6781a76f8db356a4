"""Serves the built web panel at ``/_plugins/tuning/`` from inside middlewared.

TrueNAS's nginx forwards ``/_plugins`` to middlewared, and ``Middleware.plugin_route_add(plugin, route, handler)`` adds
an aiohttp route ``/_plugins/{plugin}/{route}``. The aiohttp router is frozen by ``runner.setup()``, which runs before
the plugins' ``setup()`` functions but after the services are constructed, so the route is added when
``TuningPanelService`` is constructed. The panel's files are the ones the installer put in ``panel/`` next to this
package.

The same handler serves the panel in the standalone host (``tuning_host.server.static``), so the path rules below are
one piece of code for both hosts:

* ``GET``/``HEAD`` only; anything else is 405.
* A path with a ``..`` segment, a NUL byte or a backslash is 400; a hidden name (``.x``), a file that is not there
  but has an extension, or a file whose real path (symlinks resolved) lies outside the panel directory is 404.
* Any other path that is not a file is a client-side route of the single-page app: it gets ``index.html``.
* ``index.html`` is ``no-cache`` (always revalidated, so a reinstalled panel shows at once); build outputs with a
  content hash in the name (``main-7XQ2UMLK.js``) are cached for a year as ``immutable``; other files revalidate.
* When the panel directory has no ``index.html`` (not installed, or not built) a page says so.
* Every answer carries the security headers below: the panel runs only its own scripts, talks only to its own origin
  and can be framed only by its own origin (the TrueNAS web UI), never by another site (clickjacking).
"""
import asyncio
import os
import re
from dataclasses import dataclass

from aiohttp import web

from .client_http import ROUTE as CLIENT_ROUTE, make_client_handler
from .framework import Service, private

PLUGIN_NAME = 'tuning'
# Added to /_plugins/tuning/ by plugin_route_add; matches the empty tail too (the panel's root).
ROUTE = '{tail:.*}'
PANEL_PATH = f'/_plugins/{PLUGIN_NAME}/'
PANEL_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'panel')

NOT_INSTALLED_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Workload tuning</title></head>
<body><h1>Workload tuning: panel not installed</h1>
<p>The tuning plugin is running, but its web panel was not found in <code>{panel_dir}</code>.
Install the plugin from its release artefact (<code>truenas-tuning-&lt;version&gt;.tar.gz</code>), which carries the
built panel: see <em>docs/truenas-install.md</em>. The API works without it
(<code>midclt call tuning.profile</code>).</p></body></html>
"""

# Content types set explicitly: the system's mime.types decides otherwise, and a missing entry for .mjs or .webmanifest
# (or an old text/x-... one) makes browsers refuse module scripts.
CONTENT_TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json',
    '.map': 'application/json',
    '.webmanifest': 'application/manifest+json',
    '.txt': 'text/plain; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.ico': 'image/x-icon',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.ttf': 'font/ttf',
}
DEFAULT_CONTENT_TYPE = 'application/octet-stream'

# Angular's builder names its outputs <name>-<8 upper-case base32 characters>.<ext> (main-7XQ2UMLK.js,
# chunk-3LVPDY4M.js, styles-5INURTSO.css, media/font-ABCD1234.woff2): their content never changes under that name.
HASHED_NAME = re.compile(r'-[A-Z0-9]{8}\.[a-z0-9]+$')
CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
CACHE_REVALIDATE = 'no-cache'

# Angular puts component styles in <style> elements at run time, hence 'unsafe-inline' for styles only (the build
# turns critical-CSS inlining off: its onload= attribute is an inline script). Report charts are inline SVG and
# data: URLs.
CONTENT_SECURITY_POLICY = '; '.join((
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
    "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
    "frame-ancestors 'self'",
))
SECURITY_HEADERS = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Frame-Options': 'SAMEORIGIN',          # frame-ancestors for browsers that predate it
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
}


@dataclass(frozen=True)
class Resolution:
    """What a request path maps to: ``kind`` is ``file``, ``index``, ``not-installed``, ``bad`` or ``not-found``;
    ``path`` is the real path of the file to send (``file`` and ``index``)."""
    kind: str
    path: str | None = None


def resolve(panel_dir: str, tail: str) -> Resolution:
    """Map the part of the URL after ``/_plugins/tuning/`` (already percent-decoded) to a file of ``panel_dir``.

    Pure path logic plus ``stat`` calls; never raises for any ``tail``."""
    segments = [s for s in tail.split('/') if s not in ('', '.')]
    if '\x00' in tail or '\\' in tail or any(s == '..' for s in segments):
        return Resolution('bad')   # before any file system call: a NUL byte makes them raise
    root = os.path.realpath(panel_dir)
    index = os.path.join(root, 'index.html')
    if not os.path.isfile(index):
        return Resolution('not-installed')
    if not segments:
        return Resolution('index', index)
    if any(s.startswith('.') for s in segments):
        return Resolution('not-found')
    try:
        real = os.path.realpath(os.path.join(root, *segments))
    except (OSError, ValueError):
        return Resolution('bad')
    if not real.startswith(root + os.sep):
        return Resolution('not-found')  # a symlink that leads out of the panel directory
    if os.path.isfile(real):
        return Resolution('file', real)
    if '.' in segments[-1]:
        return Resolution('not-found')  # a missing asset must not come back as HTML
    return Resolution('index', index)


def content_type(path: str) -> str:
    return CONTENT_TYPES.get(os.path.splitext(path)[1].lower(), DEFAULT_CONTENT_TYPE)


def cache_control(path: str) -> str:
    return CACHE_IMMUTABLE if HASHED_NAME.search(os.path.basename(path)) else CACHE_REVALIDATE


def _text(status: int, text: str, **headers: str) -> web.Response:
    return web.Response(status=status, text=text, headers={'Cache-Control': 'no-store', **SECURITY_HEADERS, **headers})


def make_panel_handler(panel_dir: str, not_installed_page: str = NOT_INSTALLED_PAGE):
    """An aiohttp handler for a route with a ``{tail}`` match: the panel's files, with the rules in the module doc.
    ``not_installed_page`` is HTML shown while ``panel_dir`` has no ``index.html`` (``{panel_dir}`` is filled in)."""

    async def handle(request: web.Request) -> web.StreamResponse:
        if request.method not in ('GET', 'HEAD'):
            return _text(405, 'Method not allowed', Allow='GET, HEAD')
        tail = request.match_info.get('tail', '')
        # realpath and stat touch the disk: off the event loop (middlewared's loop serves every API client).
        found = await asyncio.get_running_loop().run_in_executor(None, resolve, panel_dir, tail)
        if found.kind == 'bad':
            return _text(400, 'Bad path')
        if found.kind == 'not-found':
            return _text(404, 'Not found')
        if found.kind == 'not-installed':
            page = not_installed_page.replace('{panel_dir}', os.path.realpath(panel_dir))
            return web.Response(text=page, content_type='text/html', charset='utf-8',
                                headers={'Cache-Control': 'no-store', **SECURITY_HEADERS})
        headers = {
            'Content-Type': content_type(found.path),
            'Cache-Control': CACHE_REVALIDATE if found.kind == 'index' else cache_control(found.path),
            **SECURITY_HEADERS,
        }
        return web.FileResponse(found.path, headers=headers)

    return handle


def register_panel_route(middleware, panel_dir: str = PANEL_DIR):
    """Add the panel's route (and before it the client kit's, ``client_http``) to middlewared's aiohttp app; returns
    the panel's URL path, or None when this middleware serves no HTTP (``middlewared --dump-api``, worker processes, test doubles, the standalone host, which routes
    the same handler itself) or its router is already frozen."""
    if getattr(middleware, 'app', None) is None or not callable(getattr(middleware, 'plugin_route_add', None)):
        return None
    try:
        # the client kit's endpoints first: aiohttp takes the first route that matches, and the panel's matches all
        middleware.plugin_route_add(PLUGIN_NAME, CLIENT_ROUTE, make_client_handler(middleware))
        middleware.plugin_route_add(PLUGIN_NAME, ROUTE, make_panel_handler(panel_dir))
    except RuntimeError as e:  # "Cannot register a resource into frozen router"
        middleware.logger.warning('tuning: the panel route %s could not be added: %s', PANEL_PATH, e)
        return None
    return PANEL_PATH


class TuningPanelService(Service):
    """Adds the panel's HTTP route when middlewared constructs its services (before its router is frozen)."""

    class Config:
        namespace = 'tuning.panel'
        private = True

    def __init__(self, middleware):
        super().__init__(middleware)
        self._route = register_panel_route(middleware)

    @private
    def status(self):
        """Where the panel is served from and whether its files are installed (``midclt call tuning.panel.status``)."""
        return {
            'route': self._route,
            'panel_dir': PANEL_DIR,
            'installed': os.path.isfile(os.path.join(PANEL_DIR, 'index.html')),
        }
