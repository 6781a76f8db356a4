"""plugin/app/pack_image.py: a directory becomes a docker-archive and an OCI layout whose digests, manifests and layer
say what the tree holds, the same bytes every time."""
import gzip
import hashlib
import importlib.util
import io
import json
import os
import socket
import tarfile
from pathlib import Path

import pytest

PACKER = Path(__file__).resolve().parents[3] / 'plugin' / 'app' / 'pack_image.py'
spec = importlib.util.spec_from_file_location('pack_image', PACKER)
pack_image = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pack_image)

CONFIG = {'Entrypoint': ['/usr/bin/tini', '--', '/bin/true'], 'Env': ['A=1'], 'ExposedPorts': {'8080/tcp': {}}}
EPOCH = 1_700_000_000


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / 'rootfs'
    (root / 'usr' / 'bin').mkdir(parents=True)
    (root / 'usr' / 'bin' / 'tool').write_bytes(b'#!/bin/sh\necho hi\n')
    (root / 'usr' / 'bin' / 'tool').chmod(0o755)
    os.link(root / 'usr' / 'bin' / 'tool', root / 'usr' / 'bin' / 'tool-again')
    (root / 'usr' / 'bin' / 'link').symlink_to('tool')
    (root / 'etc').mkdir()
    (root / 'etc' / 'secret').write_text('x')
    (root / 'etc' / 'secret').chmod(0o600)
    for d in ('dev', 'proc'):
        (root / d).mkdir()
    (root / 'dev' / 'leftover').write_text('not packed')
    with socket.socket(socket.AF_UNIX) as s:   # a socket in the tree is skipped, not an error
        s.bind(str(root / 'etc' / 'sock'))
    return root


def pack(tree, out_dir, tag='truenas-tuning:9.9.9'):
    out_dir.mkdir(exist_ok=True)
    return pack_image.pack(str(tree), str(out_dir / 'img'), tag, CONFIG, EPOCH)


def members(tar: tarfile.TarFile) -> dict[str, bytes | None]:
    return {m.name: (tar.extractfile(m).read() if m.isreg() else None) for m in tar.getmembers()}


def test_docker_archive_has_the_manifest_config_and_layer_docker_load_reads(tree, tmp_path):
    info = pack(tree, tmp_path / 'out')
    with gzip.open(tmp_path / 'out' / info['docker_archive']) as gz, tarfile.open(fileobj=gz) as tar:
        files = members(tar)
    manifest = json.loads(files['manifest.json'])
    assert manifest[0]['RepoTags'] == ['truenas-tuning:9.9.9']
    config_bytes = files[manifest[0]['Config']]
    assert 'sha256:' + hashlib.sha256(config_bytes).hexdigest() == info['image_id']
    config = json.loads(config_bytes)
    assert config['config'] == CONFIG and (config['os'], config['architecture']) == ('linux', 'amd64')
    layer = files[manifest[0]['Layers'][0]]
    assert config['rootfs'] == {'type': 'layers', 'diff_ids': ['sha256:' + hashlib.sha256(layer).hexdigest()]}
    assert json.loads(files['repositories']) == {'truenas-tuning': {'9.9.9': info['diff_id'].split(':')[1]}}


def test_oci_layout_blobs_match_their_digests(tree, tmp_path):
    info = pack(tree, tmp_path / 'out')
    with tarfile.open(tmp_path / 'out' / info['oci_archive']) as tar:
        files = members(tar)
    assert json.loads(files['oci-layout']) == {'imageLayoutVersion': '1.0.0'}
    for name, data in files.items():
        if name.startswith('blobs/sha256/') and data is not None:
            assert hashlib.sha256(data).hexdigest() == name.rsplit('/', 1)[1], name
    (entry,) = json.loads(files['index.json'])['manifests']
    assert entry['digest'] == info['manifest_digest']
    assert entry['annotations']['org.opencontainers.image.ref.name'] == '9.9.9'
    manifest = json.loads(files['blobs/sha256/' + entry['digest'].split(':')[1]])
    assert manifest['config']['digest'] == info['image_id']
    (layer,) = manifest['layers']
    assert layer['mediaType'] == pack_image.OCI_LAYER_GZIP
    gz = files['blobs/sha256/' + layer['digest'].split(':')[1]]
    assert len(gz) == layer['size']
    assert 'sha256:' + hashlib.sha256(gzip.decompress(gz)).hexdigest() == info['diff_id']


def test_layer_keeps_modes_links_and_leaves_mount_points_empty(tree, tmp_path):
    info = pack(tree, tmp_path / 'out')
    with gzip.open(tmp_path / 'out' / info['docker_archive']) as gz, tarfile.open(fileobj=gz) as outer:
        layer_name = json.loads(outer.extractfile('manifest.json').read())[0]['Layers'][0]
        layer = tarfile.open(fileobj=io.BytesIO(outer.extractfile(layer_name).read()))
    by_name = {m.name: m for m in layer.getmembers()}
    names = [m.name for m in layer.getmembers()]
    assert names == ['dev', 'etc', 'etc/secret', 'proc', 'usr', 'usr/bin', 'usr/bin/link', 'usr/bin/tool',
                     'usr/bin/tool-again']   # sorted, parents first; the socket and /dev's content left out
    assert by_name['usr/bin/tool'].mode & 0o777 == 0o755 and by_name['etc/secret'].mode & 0o777 == 0o600
    assert by_name['usr/bin/link'].issym() and by_name['usr/bin/link'].linkname == 'tool'
    assert by_name['usr/bin/tool-again'].islnk() and by_name['usr/bin/tool-again'].linkname == 'usr/bin/tool'
    assert {m.mtime for m in by_name.values()} == {EPOCH}
    assert {(m.uname, m.gname) for m in by_name.values()} == {('', '')}


def test_same_tree_gives_the_same_bytes(tree, tmp_path):
    first, second = pack(tree, tmp_path / 'a'), pack(tree, tmp_path / 'b')
    for key in ('image_id', 'manifest_digest', 'diff_id'):
        assert first[key] == second[key]
    for kind in ('docker_archive', 'oci_archive'):
        assert (tmp_path / 'a' / first[kind]).read_bytes() == (tmp_path / 'b' / second[kind]).read_bytes()
    os.utime(tree / 'etc' / 'secret', (1, 1))      # a touched file: mtimes are not part of the image
    assert pack(tree, tmp_path / 'c')['diff_id'] == first['diff_id']
    (tree / 'etc' / 'secret').write_text('y')       # changed content: another layer
    assert pack(tree, tmp_path / 'd')['diff_id'] != first['diff_id']


def test_cli_adds_labels_and_refuses_a_tag_without_version(tree, tmp_path, capsys):
    config = tmp_path / 'config.json'
    config.write_text(json.dumps(CONFIG))
    out = tmp_path / 'out'
    out.mkdir()
    assert pack_image.main([str(tree), str(out / 'img'), '--tag', 'x:1', '--config', str(config),
                            '--label', 'org.opencontainers.image.version=1']) == 0
    info = json.loads(capsys.readouterr().out)
    with tarfile.open(out / info['oci_archive']) as tar:
        blob = tar.extractfile('blobs/sha256/' + info['image_id'].split(':')[1]).read()
    assert json.loads(blob)['config']['Labels'] == {'org.opencontainers.image.version': '1'}
    with pytest.raises(SystemExit):
        pack_image.main([str(tree), str(out / 'img'), '--tag', 'registry:5000/x', '--config', str(config)])
    assert 'has no :tag' in capsys.readouterr().err
