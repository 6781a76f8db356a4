"""Parsers for what a Linux box with OpenZFS prints: kstat files, `zpool`/`zfs -H -p` output, `zpool status`
config trees, `lsblk -J`, /proc files, and the persistence files we write. Pure functions over text."""
import json
import re

from tuning.shared.kstat import parse_kstat

SECTIONS = {'logs': 'log', 'cache': 'cache', 'spares': 'spare', 'special': 'special', 'dedup': 'dedup'}
SOURCES = {'local': 'LOCAL', 'default': 'DEFAULT', '-': 'NONE', 'received': 'RECEIVED', 'temporary': 'TEMPORARY'}


def parse_arcstats(text):
    """/proc/spl/kstat/zfs/arcstats: a kstat header line, a `name type data` line, then one stat per line."""
    return parse_kstat(text)


def parse_zfs_version(text):
    """`zfs version` ('zfs-2.3.2-1~bpo12+1\\nzfs-kmod-2.3.2-1~bpo12+1') or /sys/module/zfs/version
    ('2.3.2-1~bpo12+1') -> '2.3.2'. Prefers the kernel module's version: that is what runs."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    kmod = [line for line in lines if line.startswith('zfs-kmod-')]
    line = kmod[0][len('zfs-kmod-'):] if kmod else (lines[0] if lines else '')
    if line.startswith('zfs-'):
        line = line[len('zfs-'):]
    match = re.match(r'(\d+\.\d+\.\d+)', line)
    if not match:
        raise ValueError(f'cannot find an OpenZFS version in {text!r}')
    return match.group(1)


def _int_or_none(text):
    return None if text in ('-', '') else int(text)


def parse_zpool_list(text):
    """`zpool list -H -p -o name,size,allocated,free,health,guid`."""
    pools = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, size, alloc, free, health, guid = line.split('\t')
        pools.append({'name': name, 'size': _int_or_none(size), 'allocated': _int_or_none(alloc),
                      'free': _int_or_none(free), 'status': health, 'guid': guid})
    return pools


def parse_zpool_status_config(text):
    """The `config:` tree of one pool's `zpool status`: [{name, depth, state, section}] in print order; the pool
    line has depth 0, section headers (logs, cache, spares, special, dedup) switch `section` and are not nodes."""
    nodes = []
    in_config = False
    section = 'data'
    for line in text.splitlines():
        if not in_config:
            if line.strip() == 'config:':
                in_config = True
            continue
        if not line.strip():
            if nodes:  # the tree ends at its first blank line (`zpool import` prints no NAME header)
                break
            continue
        if line.strip().startswith('errors:'):
            break
        body = line.lstrip('\t')
        tokens = body.split()
        if tokens[:2] == ['NAME', 'STATE']:
            continue
        depth = (len(body) - len(body.lstrip(' '))) // 2
        if depth == 0 and tokens[0] in SECTIONS and len(tokens) == 1:
            section = SECTIONS[tokens[0]]
            continue
        nodes.append({'name': tokens[0], 'depth': depth, 'state': tokens[1] if len(tokens) > 1 else None,
                      'section': 'pool' if depth == 0 and not nodes else section})
    return nodes


def parse_zpool_import(text):
    """`zpool import` (list mode) -> [{name, id, state, devices: [leaf device names or paths]}], one per
    importable pool; 'no pools available to import' (on stderr) leaves the text empty -> []."""
    pools = []
    blocks = re.split(r'^\s*pool: ', text, flags=re.MULTILINE)[1:]
    for block in blocks:
        name = block.splitlines()[0].strip()
        fields = dict(re.findall(r'^\s*(id|state): (.*)$', block, flags=re.MULTILINE))
        nodes = parse_zpool_status_config(block)
        devices = [node['name'] for node in nodes if node['section'] != 'pool' and vdev_type(node['name']) == 'DISK']
        pools.append({'name': name, 'id': fields.get('id', '').strip() or None,
                      'state': fields.get('state', '').strip() or None, 'devices': devices})
    return pools


_VDEV_TYPE = re.compile(r'^(raidz[123]?|mirror|draid[123]?|spare|replacing)(?:[-:]|$)')


def vdev_type(name):
    """Interior vdev names (`raidz2-0`, `mirror-1`, `draid2:4d:8c:1s-0`) -> RAIDZ2, MIRROR, DRAID2; leaves -> DISK."""
    match = _VDEV_TYPE.match(name)
    if not match:
        return 'DISK'
    kind = match.group(1)
    if kind == 'raidz':
        return 'RAIDZ1'
    if kind in ('spare', 'replacing'):
        return 'MIRROR'
    return kind.upper()


def partition_parent(device):
    """'/dev/sda1' -> 'sda', '/dev/nvme0n1p2' -> 'nvme0n1', '/dev/vdb' -> 'vdb' (when no lsblk map applies)."""
    name = device.rsplit('/', 1)[-1]
    match = re.match(r'^(nvme\d+n\d+|mmcblk\d+)(p\d+)?$', name)
    if match:
        return match.group(1)
    match = re.match(r'^([a-z]+?)(\d+)$', name)
    return match.group(1) if match else name


def build_topology(named, guids, disk_of=None):
    """Zip the `-P -L` tree and the `-g` tree of one pool into TrueNAS-shaped vdevs by role.

    `disk_of` maps a device name (`sda1`) to its disk (`sda`), from lsblk; unknown devices fall back to
    `partition_parent`. Returns (pool_guid, topology)."""
    if len(named) != len(guids) or any(a['depth'] != b['depth'] for a, b in zip(named, guids)):
        raise ValueError('zpool status trees with names and with guids do not match')
    disk_of = disk_of or {}
    topology = {'data': [], 'log': [], 'cache': [], 'spare': [], 'special': [], 'dedup': []}
    pool_guid = guids[0]['name'] if named and named[0]['section'] == 'pool' else None
    stack = []
    section = None
    for node, gnode in zip(named, guids):
        if node['section'] == 'pool':
            continue
        if node['section'] != section:
            section, stack = node['section'], []
        # Top-level vdevs are printed one level under the pool line (or under their section header).
        depth = node['depth'] - 1
        name = node['name']
        type_ = vdev_type(name)
        vdev = {'name': name, 'type': type_, 'guid': gnode['name'], 'status': node['state'], 'disk': None,
                'path': None, 'children': []}
        if type_ == 'DISK':
            device = name.rsplit('/', 1)[-1]
            vdev['name'] = device
            vdev['path'] = name if name.startswith('/') else None
            vdev['disk'] = disk_of.get(device) or partition_parent(device)
        while stack and stack[-1][0] >= depth:
            stack.pop()
        if stack:
            stack[-1][1]['children'].append(vdev)
        else:
            topology[node['section']].append(vdev)
        stack.append((depth, vdev))
    return pool_guid, topology


def parse_zfs_list(text):
    """`zfs list -H -p -o name,type,mountpoint -t filesystem,volume`."""
    datasets = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, type_, mountpoint = line.split('\t')
        datasets.append({'name': name, 'pool': name.split('/')[0], 'type': type_.upper(),
                         'mountpoint': mountpoint if mountpoint.startswith('/') else None})
    return datasets


def parse_source(source):
    if source.startswith('inherited from '):
        return 'INHERITED', source[len('inherited from '):]
    return SOURCES.get(source, source.upper()), None


def parse_zfs_get(text):
    """`zfs get -H -p -o name,property,value,source` -> {dataset: {prop: {value, source, source_from}}}."""
    result = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        name, prop, value, source = line.split('\t', 3)
        kind, source_from = parse_source(source)
        result.setdefault(name, {})[prop] = {'value': value, 'source': kind, 'source_from': source_from}
    return result


def _flag(value):
    """lsblk -J prints booleans (util-linux >= 2.33 with -J) or "0"/"1" strings (older)."""
    if isinstance(value, str):
        return value.strip() == '1'
    return bool(value)


def _text(value):
    return value.strip() if isinstance(value, str) and value.strip() else None


def parse_lsblk(text):
    """`lsblk -J -b -o NAME,TYPE,SIZE,ROTA,MODEL,SERIAL,TRAN[,MOUNTPOINT,FSTYPE]` -> (disks, device->disk map).

    A disk is TYPE=disk; kind NVME when its transport (or name) says so, HDD when rotational, else SSD. `used_by`
    says why a disk outside any pool is busy (a mounted or swap filesystem on it or a partition)."""
    doc = json.loads(text)
    disks = []
    disk_of = {}
    for dev in doc.get('blockdevices', []):
        if dev.get('type') != 'disk':
            continue
        name = dev['name']
        disk_of[name] = name
        used_by = None
        zfs_member = False
        for node in [dev, *_descendants(dev)]:
            disk_of[node['name']] = name
            mountpoint = _text(node.get('mountpoint')) or _first(node.get('mountpoints'))
            if mountpoint and used_by is None:
                used_by = 'swap' if mountpoint == '[SWAP]' else f'mounted at {mountpoint}'
            if node.get('fstype') == 'zfs_member':
                zfs_member = True
        tran = (_text(dev.get('tran')) or '').lower()
        if tran == 'nvme' or name.startswith('nvme'):
            kind = 'NVME'
        elif _flag(dev.get('rota')):
            kind = 'HDD'
        else:
            kind = 'SSD'
        size = dev.get('size')
        disks.append({'name': name, 'kind': kind, 'size': int(size) if size is not None else None,
                      'model': _text(dev.get('model')), 'serial': _text(dev.get('serial')),
                      'transport': tran or None, 'rotationrate': None, 'used_by': used_by,
                      'zfs_member': zfs_member})
    return disks, disk_of


def _first(values):
    for value in values or []:
        if value:
            return value
    return None


def _descendants(dev):
    for child in dev.get('children', []) or []:
        yield child
        yield from _descendants(child)


def parse_meminfo(text):
    for line in text.splitlines():
        if line.startswith('MemTotal:'):
            return int(line.split()[1]) * 1024
    raise ValueError('MemTotal missing from /proc/meminfo')


def parse_cpuinfo(text):
    """-> (model, logical cpus, physical cores)."""
    model = None
    logical = 0
    cores = set()
    physical_id = core_id = None
    for line in text.splitlines() + ['']:
        if not line.strip():
            if core_id is not None:
                cores.add((physical_id, core_id))
            physical_id = core_id = None
            continue
        key, _, value = line.partition(':')
        key, value = key.strip(), value.strip()
        if key == 'processor':
            logical += 1
        elif key == 'model name' and model is None:
            model = value
        elif key == 'physical id':
            physical_id = value
        elif key == 'core id':
            core_id = value
    return model, logical, len(cores) or logical


def parse_os_release(text):
    values = {}
    for line in text.splitlines():
        key, sep, value = line.partition('=')
        if sep:
            values[key.strip()] = value.strip().strip('"')
    return values


def parse_modprobe_conf(text):
    """`options zfs a=1 b=2` lines -> {a: '1', b: '2'}; other modules and comments are skipped."""
    values = {}
    for line in text.splitlines():
        tokens = line.split('#', 1)[0].split()
        if len(tokens) >= 3 and tokens[0] == 'options' and tokens[1] == 'zfs':
            for token in tokens[2:]:
                name, sep, value = token.partition('=')
                if sep:
                    values[name] = value
    return values


def parse_sysctl_conf(text):
    values = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in '#;':
            continue
        name, sep, value = line.partition('=')
        if sep:
            values[name.strip().lstrip('-')] = value.strip()
    return values


def parse_nic_speed(text):
    """/sys/class/net/X/speed: Mb/s, or -1 / unreadable when the link is down -> None."""
    try:
        speed = int(text.strip())
    except ValueError:
        return None
    return speed if speed > 0 else None


def parse_ip_addresses(text):
    """`ip -j addr show` -> {interface: [{type: INET|INET6, address, netmask}]}, as TrueNAS's interface.query lists
    a port's addresses in `state.aliases`; empty or unreadable output -> {}."""
    try:
        links = json.loads(text) if text.strip() else []
    except ValueError:
        return {}
    kinds = {'inet': 'INET', 'inet6': 'INET6'}
    return {link['ifname']: [{'type': kinds[a['family']], 'address': a['local'], 'netmask': a.get('prefixlen')}
                             for a in link.get('addr_info') or [] if a.get('family') in kinds and a.get('local')]
            for link in links if isinstance(link, dict) and link.get('ifname')}
