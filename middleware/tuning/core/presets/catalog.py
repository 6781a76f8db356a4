"""The built-in preset catalog in its public shape (what ``tuning.preset.query`` lists)."""
import copy

from .rules import MODULES, RULES

BUILTIN_IDS = tuple(module.PRESET['id'] for module in MODULES)


def _public(meta: dict) -> dict:
    return {
        'id': meta['id'],
        'name': meta['name'],
        'description': meta['description'],
        'builtin': True,
        'optimizes': list(meta['optimizes']),
        'costs': list(meta['costs']),
        'base': None,
        'settings': [],
        'created_at': None,
        'updated_at': None,
    }


def builtin_presets() -> list[dict]:
    """Fresh copies: callers may mutate them freely."""
    return [_public(module.PRESET) for module in MODULES]


def get_builtin(preset_id: str) -> dict | None:
    for module in MODULES:
        if module.PRESET['id'] == preset_id:
            return _public(module.PRESET)
    return None


def rules_for(preset_id: str):
    return RULES[preset_id]


def costs_of(preset_id: str) -> list[str]:
    preset = get_builtin(preset_id)
    return copy.deepcopy(preset['costs']) if preset else []
