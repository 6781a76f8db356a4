"""Pack a root file system directory as a single-layer container image, with the standard library only.

Writes two files from one layer:
- `<out>.docker.tar.gz`: a docker-archive (what `docker save` writes, gzipped; `docker load -i` reads it),
- `<out>.oci.tar`: an OCI image layout in a tar (`skopeo copy oci-archive:`, `podman load`, Docker 25+).

Reproducible: entries in sorted order, every mtime set to `--epoch` (SOURCE_DATE_EPOCH), owners by number only,
gzip without a name or time. The same tree gives the same digests. /dev, /proc, /sys and /run are kept empty
(the runtime mounts its own). Usage:

    python3 pack_image.py ROOTFS OUT_PREFIX --tag truenas-tuning:0.1.0 --config config.json [--label K=V] [--epoch N]

`config.json` holds the image config's `config` part (Entrypoint, Env, ExposedPorts, Labels, ...).
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import stat
import sys
import tarfile
import time

EMPTY_DIRS = ('dev', 'proc', 'sys', 'run')   # mount points: present, contents not packed
OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json'
OCI_CONFIG = 'application/vnd.oci.image.config.v1+json'
OCI_LAYER_GZIP = 'application/vnd.oci.image.layer.v1.tar+gzip'


def walk_sorted(root: str):
    """Relative paths under `root` (directories before their contents, names sorted), never following links."""
    stack = ['']
    while stack:
        rel = stack.pop()
        yield rel
        full = os.path.join(root, rel) if rel else root
        st = os.lstat(full)
        if not stat.S_ISDIR(st.st_mode) or rel in EMPTY_DIRS:
            continue
        names = sorted(os.listdir(full), reverse=True)   # reversed: popped in order
        stack.extend(os.path.join(rel, n) if rel else n for n in names)


def normalise(info: tarfile.TarInfo, epoch: int) -> tarfile.TarInfo:
    info.mtime = epoch
    info.uname = info.gname = ''
    info.pax_headers = {}
    return info


def write_layer(root: str, out, epoch: int) -> None:
    """The layer tar of `root` into the binary file `out`."""
    with tarfile.open(fileobj=out, mode='w|', format=tarfile.PAX_FORMAT) as tar:
        tar.inodes = {}
        for rel in walk_sorted(root):
            if not rel:
                continue
            full = os.path.join(root, rel)
            info = tar.gettarinfo(full, arcname=rel)
            if info is None:   # a socket: nothing to pack
                continue
            normalise(info, epoch)
            if info.isreg():
                with open(full, 'rb') as f:
                    tar.addfile(info, f)
            else:
                tar.addfile(info)


class HashingWriter(io.RawIOBase):
    """A write-only file that hashes and counts what passes through to `inner`."""

    def __init__(self, inner):
        self.inner, self.sha, self.size = inner, hashlib.sha256(), 0

    def writable(self):
        return True

    def write(self, b):
        self.sha.update(b)
        self.size += len(b)
        return self.inner.write(b)

    @property
    def digest(self) -> str:
        return 'sha256:' + self.sha.hexdigest()


def build_layer(root: str, workdir: str, epoch: int) -> dict:
    """layer.tar and layer.tar.gz in `workdir`; their digests (diff_id = the uncompressed tar's) and sizes."""
    tar_path, gz_path = os.path.join(workdir, 'layer.tar'), os.path.join(workdir, 'layer.tar.gz')
    with open(tar_path, 'wb') as raw, open(gz_path, 'wb') as gzf:
        gz_hash = HashingWriter(gzf)
        with gzip.GzipFile(filename='', mode='wb', fileobj=gz_hash, mtime=0, compresslevel=6) as gz:
            class Tee(io.RawIOBase):
                def writable(self):
                    return True

                def write(self, b):
                    raw.write(b)
                    return gz.write(b)
            tar_hash = HashingWriter(Tee())
            write_layer(root, tar_hash, epoch)
    return {'tar': tar_path, 'gz': gz_path, 'diff_id': tar_hash.digest, 'tar_size': tar_hash.size,
            'gz_digest': gz_hash.digest, 'gz_size': gz_hash.size}


def image_config(config: dict, diff_id: str, epoch: int) -> bytes:
    created = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(epoch))
    doc = {'architecture': 'amd64', 'os': 'linux', 'created': created, 'config': config,
           'rootfs': {'type': 'layers', 'diff_ids': [diff_id]},
           'history': [{'created': created, 'created_by': 'plugin/app/build-image.sh'}]}
    return canonical(doc)


def canonical(doc) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(',', ':')).encode()


def sha(data: bytes) -> str:
    return 'sha256:' + hashlib.sha256(data).hexdigest()


def add_bytes(tar: tarfile.TarFile, name: str, data: bytes, epoch: int) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = len(data), epoch, 0o644
    tar.addfile(info, io.BytesIO(data))


def add_file(tar: tarfile.TarFile, name: str, path: str, epoch: int) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = os.path.getsize(path), epoch, 0o644
    with open(path, 'rb') as f:
        tar.addfile(info, f)


def add_dir(tar: tarfile.TarFile, name: str, epoch: int) -> None:
    info = tarfile.TarInfo(name)
    info.type, info.mtime, info.mode = tarfile.DIRTYPE, epoch, 0o755
    tar.addfile(info)


def write_docker_archive(path: str, layer: dict, config: bytes, tag: str, epoch: int) -> None:
    """docker-archive: manifest.json, <config hex>.json, <diff_id hex>/layer.tar (uncompressed), gzipped whole."""
    config_name = sha(config).split(':')[1] + '.json'
    layer_dir = layer['diff_id'].split(':')[1]
    manifest = [{'Config': config_name, 'RepoTags': [tag], 'Layers': [f'{layer_dir}/layer.tar']}]
    repositories = {tag.rsplit(':', 1)[0]: {tag.rsplit(':', 1)[1]: layer_dir}}
    with open(path, 'wb') as f, gzip.GzipFile(filename='', mode='wb', fileobj=f, mtime=0, compresslevel=6) as gz, \
            tarfile.open(fileobj=gz, mode='w|', format=tarfile.PAX_FORMAT) as tar:
        add_bytes(tar, config_name, config, epoch)
        add_dir(tar, layer_dir, epoch)
        add_file(tar, f'{layer_dir}/layer.tar', layer['tar'], epoch)
        add_bytes(tar, 'manifest.json', canonical(manifest), epoch)
        add_bytes(tar, 'repositories', canonical(repositories), epoch)


def write_oci_archive(path: str, layer: dict, config: bytes, tag: str, epoch: int) -> str:
    """OCI image layout (oci-layout, index.json, blobs/sha256/*) in a tar; returns the manifest digest."""
    manifest = canonical({
        'schemaVersion': 2, 'mediaType': OCI_MANIFEST,
        'config': {'mediaType': OCI_CONFIG, 'digest': sha(config), 'size': len(config)},
        'layers': [{'mediaType': OCI_LAYER_GZIP, 'digest': layer['gz_digest'], 'size': layer['gz_size']}],
    })
    index = canonical({'schemaVersion': 2, 'manifests': [{
        'mediaType': OCI_MANIFEST, 'digest': sha(manifest), 'size': len(manifest),
        'annotations': {'org.opencontainers.image.ref.name': tag.rsplit(':', 1)[1],
                        'io.containerd.image.name': f'docker.io/library/{tag}'
                        if '/' not in tag.split(':')[0] else tag}}]})
    blob = lambda digest: 'blobs/sha256/' + digest.split(':')[1]  # noqa: E731
    with tarfile.open(path, 'w', format=tarfile.PAX_FORMAT) as tar:
        add_bytes(tar, 'oci-layout', canonical({'imageLayoutVersion': '1.0.0'}), epoch)
        add_bytes(tar, 'index.json', index, epoch)
        for d in ('blobs', 'blobs/sha256'):
            add_dir(tar, d, epoch)
        add_bytes(tar, blob(sha(config)), config, epoch)
        add_bytes(tar, blob(sha(manifest)), manifest, epoch)
        add_file(tar, blob(layer['gz_digest']), layer['gz'], epoch)
    return sha(manifest)


def pack(root: str, out_prefix: str, tag: str, config: dict, epoch: int) -> dict:
    workdir = os.path.dirname(os.path.abspath(out_prefix))
    layer = build_layer(root, workdir, epoch)
    try:
        cfg = image_config(config, layer['diff_id'], epoch)
        docker_path, oci_path = out_prefix + '.docker.tar.gz', out_prefix + '.oci.tar'
        write_docker_archive(docker_path, layer, cfg, tag, epoch)
        manifest_digest = write_oci_archive(oci_path, layer, cfg, tag, epoch)
    finally:
        os.unlink(layer['tar'])
        os.unlink(layer['gz'])
    return {'tag': tag, 'image_id': sha(cfg), 'manifest_digest': manifest_digest, 'diff_id': layer['diff_id'],
            'layer_bytes': layer['tar_size'], 'layer_gzip_bytes': layer['gz_size'],
            'docker_archive': os.path.basename(docker_path), 'docker_archive_bytes': os.path.getsize(docker_path),
            'oci_archive': os.path.basename(oci_path), 'oci_archive_bytes': os.path.getsize(oci_path)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('rootfs')
    p.add_argument('out_prefix', help='writes OUT_PREFIX.docker.tar.gz and OUT_PREFIX.oci.tar')
    p.add_argument('--tag', required=True, help='name:tag, e.g. truenas-tuning:0.1.0')
    p.add_argument('--config', required=True, help='JSON file: the image config (Entrypoint, Env, ...)')
    p.add_argument('--label', action='append', default=[], metavar='KEY=VALUE', help='a label added to the config')
    p.add_argument('--epoch', type=int, default=int(os.environ.get('SOURCE_DATE_EPOCH', '0')))
    args = p.parse_args(argv)
    if ':' not in args.tag.rsplit('/', 1)[-1]:
        p.error(f'--tag: {args.tag!r} has no :tag')
    with open(args.config, encoding='utf-8') as f:
        config = json.load(f)
    for label in args.label:
        key, sep, value = label.partition('=')
        if not sep or not key:
            p.error(f'--label: {label!r} is not KEY=VALUE')
        config.setdefault('Labels', {})[key] = value
    print(json.dumps(pack(args.rootfs, args.out_prefix, args.tag, config, args.epoch), indent=2))
    return 0


if __name__ == '__main__':
    sys.exit(main())
