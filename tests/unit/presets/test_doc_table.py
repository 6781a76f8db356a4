"""The preset table generator and docs/presets.md stay in sync."""
from pathlib import Path

from tuning.core.presets import BUILTIN_IDS
from tuning.core.presets.doc_table import document

DOC = Path(__file__).resolve().parents[3] / 'docs' / 'presets.md'


def test_every_preset_has_a_section():
    text = document()
    for preset_id in BUILTIN_IDS:
        assert f'### `{preset_id}`' in text
    assert 'DANGEROUS' not in text  # no built-in preset carries a dangerous change


def test_docs_file_is_the_generator_output():
    assert DOC.read_text() == document(), 'regenerate: python -m tuning.core.presets.doc_table > docs/presets.md'
