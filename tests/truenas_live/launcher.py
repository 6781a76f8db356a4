"""Start the REAL TrueNAS middlewared (``middlewared.main.Middleware``) of one release on loopback, with the tuning
plugin installed by our real installer and a fake box (``fakebox/``) in place of the hardware-bound plugins.

    $PYTHON tests/truenas_live/launcher.py --home DIR --port PORT

Run inside the release's side venv (scripts/truenas-env.sh), with MIDDLEWARED_SRC and TRUENAS_API_CLIENT_SRC set.

``--home`` holds everything that must survive a "reboot" (a stop and a start of this process): the fake box state
(``box.json``), the sysfs stand-in, the dataset mountpoints, the system dataset, middlewared's scratch sqlite db. The
TrueNAS root is rebuilt under ``DIR/root`` on every start (``usr/lib/python3/dist-packages/middlewared`` copied from
MIDDLEWARED_SRC, ``data/manifest.json`` naming the release), and the plugin is installed into it by
``plugin/install/installer.py`` exactly as on a box.

Harness choices (no TrueNAS file is changed; the copy is byte for byte): the TCP port and the run directory are
middlewared module constants patched in this process, plugins are loaded with middlewared's own whitelist argument
(the real framework plugins that can run off a box + the fake box + tuning), native modules are stubbed as in the
load-rule tier, middlewared's database is a scratch sqlite file with the loaded models' tables, and the tuning
plugin's ``ZFS_PARAMETERS_DIR`` points at the fake sysfs directory.

On stdout the launcher prints ``LIVE-LISTENING <port>`` once start-up is complete (TCP site and unix socket up).
"""
import argparse
import json
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

# Real TrueNAS plugins that work off a box (module-name prefixes for middlewared's own loader whitelist).
REAL_PLUGINS = (
    'middlewared.plugins.datastore',   # real datastore on a scratch sqlite db (tunable rows live there)
    'middlewared.plugins.auth',        # auth.py: unix-socket root sessions, auth.login_ex, tokens for /_download
    'middlewared.plugins.alert',       # alert.py: alert.oneshot_create / alert.list
    'middlewared.plugins.account_.privilege',  # privilege.full_privilege: the root session of a unix socket
    'middlewared.plugins.rate_limit',  # rate.limit.cache_clear (the API suite's clearing session, as TrueNAS's own CI)
    'middlewared.plugins.system_vendor',  # 26.0: main.py asks system.vendor.is_vendored (no /data/.vendor: False)
    'middlewared.plugins.fakebox',     # the fake box (tests/truenas_live/fakebox)
    'middlewared.plugins.tuning',      # the plugin under test, installed by plugin/install/installer.py
)
EXTRA_STUBS = ('remote_pdb', 'pyotp', 'truenas_pypam', 'truenas_pyscst', 'truenas_pynetif', 'jose', 'boto3', 'botocore', 'influxdb', 'pysnmp', 'pysss_nss_idmap', 'truenas_verify', 'truenas_crypto_utils', 'truenas_connect_utils', 'libsgio', 'libvirt', 'docker', 'kmip', 'nvme', 'dmidecode', 'ixhardware', 'libtruenas', 'truenas_pylibvirt', 'pyglfs', 'pysmb', 'sedutil', 'smart', 'truenas_pypwenc', 'truenas_pylibzfs', 'truenas_os', 'truenas_pyos', 'truenas_pylibsmb', 'truenas_spdk', 'apps_ci', 'apps_validation', 'catalog_reader', 'apps_schema', 'truenas_pylicensed', 'licenselib', 'truenas_zfstierd_client', 'truenas_zfstierd_common', 'truenas_pysnmp')

LIVE_REAL_MODULES = ('pyroute2',)


def build_root(home: Path, release_version: str) -> Path:
    """A TrueNAS root under home/root: the real middlewared package, the release manifest, the fake box plugin."""
    root = home / 'root'
    if root.exists():
        shutil.rmtree(root)
    site = root / 'usr/lib/python3/dist-packages'
    ignore = shutil.ignore_patterns('__pycache__', '*.pyc')
    shutil.copytree(Path(os.environ['MIDDLEWARED_SRC']) / 'middlewared', site / 'middlewared', ignore=ignore)
    shutil.copytree(HERE / 'fakebox', site / 'middlewared/plugins/fakebox', ignore=ignore)
    (root / 'data').mkdir(parents=True)
    (root / 'data/manifest.json').write_text(json.dumps({
        'version': release_version, 'codename': 'live-tier', 'buildtime': 0}))
    return root


def release_is_26(version: str) -> bool:
    return version.split('.')[0] == '26'


def install_plugin(root: Path) -> Path:
    """The tuning plugin installed by our own installer (the code path of plugin/install/truenas_install.py)."""
    sys.path.insert(0, str(REPO / 'plugin' / 'install'))
    try:
        import installer
    finally:
        sys.path.remove(str(REPO / 'plugin' / 'install'))
    plan = installer.plan_install(root, installer.load_manifest())
    installer.install(plan)
    return plan.target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--home', required=True, type=Path)
    parser.add_argument('--port', required=True, type=int)
    parser.add_argument('--release-version', default=os.environ.get('TRUENAS_VERSION', '25.10.6'))
    parser.add_argument('--sample-plugin', action='store_true',
                        help="also load the API suite's test-only sample service (sample_on_truenas.py)")
    args = parser.parse_args(argv)
    home = args.home.resolve()
    home.mkdir(parents=True, exist_ok=True)
    os.environ['FAKEBOX_HOME'] = str(home)

    root = build_root(home, args.release_version)
    try:
        install_plugin(root)
    except Exception as e:  # the installer's refusal is the answer: print it and stop
        print(f'LIVE-INSTALL-FAILED {type(e).__name__}: {e}', flush=True)
        return 3
    site = root / 'usr/lib/python3/dist-packages'
    sys.path.insert(0, str(site))
    sys.path.insert(1, os.environ['TRUENAS_API_CLIENT_SRC'])

    # by file: a venv may carry an unrelated top-level ``tests`` package (some wheels ship one)
    import importlib.util
    spec = importlib.util.spec_from_file_location('native_stubs', REPO / 'tests/truenas_rules/native_stubs.py')
    native_stubs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(native_stubs)
    # real where the release venv has it: pyroute2 (25.10 utils/origin.py finds a TCP peer with sock_diag)
    real = {name for name in LIVE_REAL_MODULES if importlib.util.find_spec(name) is not None}
    roots = tuple(r for r in native_stubs.STUBBED_ROOTS + EXTRA_STUBS if r not in real)
    sys.meta_path.insert(0, native_stubs.StubFinder(roots))
    from middlewared.plugins.fakebox import harness as fakebox_harness
    fakebox_harness.give_pam_stubs_real_codes()
    if release_is_26(args.release_version):
        fakebox_harness.give_inet_diag_the_kernel_table()

    run_dir = home / 'run'
    run_dir.mkdir(exist_ok=True)
    import middlewared.utils
    middlewared.utils.MIDDLEWARE_RUN_DIR = str(run_dir)
    middlewared.utils.MANIFEST_FILE = str(root / 'data/manifest.json')
    nginx_sock = str(run_dir / 'middlewared-nginx.sock')  # 26.0: the socket nginx proxies the web UI traffic to
    middlewared.utils.MIDDLEWARE_NGINX_SOCK = nginx_sock
    import middlewared.utils.origin
    if hasattr(middlewared.utils.origin, 'MIDDLEWARE_NGINX_SOCK'):
        middlewared.utils.origin.MIDDLEWARE_NGINX_SOCK = nginx_sock
    import middlewared.utils.db
    db_file = home / 'freenas-v1.db'
    middlewared.utils.db.FREENAS_DATABASE = str(db_file)
    import middlewared.plugins.datastore.connection as ds_connection
    ds_connection.FREENAS_DATABASE = str(db_file)

    fakebox_harness.prepare(home)

    import middlewared.main as mw_main
    from aiohttp import web
    mw_main.MIDDLEWARE_RUN_DIR = str(run_dir)
    mw_main.MIDDLEWARE_STARTED_SENTINEL_PATH = str(run_dir / 'middlewared-started')
    if hasattr(mw_main, 'MIDDLEWARE_NGINX_SOCK'):
        mw_main.MIDDLEWARE_NGINX_SOCK = nginx_sock

    class LiveMiddleware(mw_main.Middleware):
        CONSOLE_ONCE_PATH = str(run_dir / '.middlewared-console-once')

        def _load_plugins(self, *a, whitelist=None, **kw):
            return super()._load_plugins(*a, whitelist=plugins, **kw)

        async def start_tcp_site(self, host):  # 25.10: main.py starts its loopback TCP site after the setups
            assert host == '127.0.0.1'
            site = web.TCPSite(self.runner, host, args.port, reuse_address=True)
            await site.start()
            return site

        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            if hasattr(self, 'site_manager'):
                # 26.0: external traffic reaches middlewared through nginx on MIDDLEWARE_NGINX_SOCK (classified as a
                # TCP/IP origin from nginx's X-Real-Remote-* headers); the tier has no nginx, so the browser and the
                # tests connect over a loopback TCP site, added with the release's own site manager next to its
                # sockets and started with them (the way 26.0 adds its loopback site on vendored boxes).
                start_sites = self.site_manager.start_sites

                async def with_loopback_site(runner):
                    await self.site_manager.add_site(web.TCPSite, '127.0.0.1', args.port, reuse_address=True)
                    await start_sites(runner)
                self.site_manager.start_sites = with_loopback_site

        def _Middleware__notify_startup_complete(self):  # the last step of main.py __initialize
            super()._Middleware__notify_startup_complete()
            print(f'LIVE-LISTENING {args.port}', flush=True)

    fakebox_harness.create_database(db_file)
    fakebox_harness.replace_pam()
    plugins = list(REAL_PLUGINS)
    if args.sample_plugin:
        sys.path.insert(0, str(HERE))
        import sample_on_truenas
        plugins.append(sample_on_truenas.install(site))
    middleware = LiveMiddleware(loop_monitor=False, debug_level='DEBUG', log_handler='console')
    middleware.run()
    return 0


if __name__ == '__main__':
    sys.exit(main())
