"""The box's certificate pinned on first use; a different one later is refused with how to re-pin."""
import hashlib
import json

import pytest

from tuning_host.remote.pinning import PinMismatch, PinStore, fingerprint, fingerprint_bytes


def test_a_fingerprint_is_the_sha256_of_the_der_in_colon_hex():
    fp = fingerprint(b'certificate')
    assert fp == ':'.join(f'{b:02X}' for b in hashlib.sha256(b'certificate').digest())
    assert fingerprint_bytes(fp) == hashlib.sha256(b'certificate').digest()


def test_the_first_certificate_is_pinned_then_must_match(tmp_path):
    store = PinStore(str(tmp_path))
    first = fingerprint(b'one')
    assert store.check('nas:443', first) is True
    assert json.loads((tmp_path / 'truenas-pin.json').read_text()) == {'nas:443': first}
    assert store.check('nas:443', first) is False
    assert store.check('nas:443', first.lower()) is False
    with pytest.raises(PinMismatch) as e:
        store.check('nas:443', fingerprint(b'two'))
    message = str(e.value)
    assert first in message and fingerprint(b'two') in message and str(tmp_path / 'truenas-pin.json') in message
    assert store.get('nas:443') == first, 'a mismatch never replaces the pin'


def test_pins_are_per_endpoint(tmp_path):
    store = PinStore(str(tmp_path))
    store.check('a:443', fingerprint(b'a'))
    assert store.check('b:443', fingerprint(b'b')) is True
    assert store.load() == {'a:443': fingerprint(b'a'), 'b:443': fingerprint(b'b')}


def test_a_pin_file_that_is_not_one_is_refused(tmp_path):
    (tmp_path / 'truenas-pin.json').write_text('[]')
    with pytest.raises(ValueError, match='not a pin file'):
        PinStore(str(tmp_path)).load()
