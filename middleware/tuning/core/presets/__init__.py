"""Tuning presets, pure: knob registry, snapshot keys, built-in catalog and rules, plans, custom presets, sizing.

The plugin's services read the appliance into plain dicts (Profile, Snapshot), call these functions and act on the
plain dicts they return (Plan). Nothing here does I/O or imports a framework.
"""
from .appliance_mapping import (
    added_disks, dataset_property_route, dataset_update_call, pool_topology_update, service_route,
    service_update_call, service_value_from_appliance, service_value_to_appliance, tunable_type,
)
from .catalog import BUILTIN_IDS, builtin_presets, get_builtin
from .constants import (
    APPLY_MODES, CAUTION, DANGEROUS, DATASET_PROPERTY, INHERIT, KINDS, LIVE, METRICS, NEW_DATA, POOL_DEVICE,
    REBOOT, RISKS, SAFE, SERVICE, SERVICE_RESTART, SYSCTL, ZFS_PARAMETER,
)
from .custom import normalise_custom_settings, validate_custom_preset
from .plan import PlanInputError, build_plan, normalise_target
from .registry import KNOBS, get_knob
from .setting_words import unit_fields
from .sizing import (
    default_arc_max_bytes, default_dirty_data_max, default_dirty_data_max_max, dirty_data_target_bytes,
    l2arc_header_ram_bytes, link_payload_bytes_per_s, slog_size_bytes, socket_buffer_max_bytes,
)
from .snapshot import SettingsView, canonical, keys_to_read, make_key, parse_key
from .write_check import desired_errors, value_error

__all__ = [
    'added_disks', 'dataset_property_route', 'dataset_update_call', 'pool_topology_update', 'service_route',
    'service_update_call', 'service_value_from_appliance', 'service_value_to_appliance', 'tunable_type',
    'BUILTIN_IDS', 'builtin_presets', 'get_builtin',
    'APPLY_MODES', 'CAUTION', 'DANGEROUS', 'DATASET_PROPERTY', 'INHERIT', 'KINDS', 'LIVE', 'METRICS', 'NEW_DATA',
    'POOL_DEVICE', 'REBOOT', 'RISKS', 'SAFE', 'SERVICE', 'SERVICE_RESTART', 'SYSCTL', 'ZFS_PARAMETER',
    'normalise_custom_settings', 'validate_custom_preset',
    'PlanInputError', 'build_plan', 'normalise_target',
    'KNOBS', 'get_knob', 'unit_fields',
    'default_arc_max_bytes', 'default_dirty_data_max', 'default_dirty_data_max_max', 'dirty_data_target_bytes',
    'l2arc_header_ram_bytes', 'link_payload_bytes_per_s', 'slog_size_bytes', 'socket_buffer_max_bytes',
    'SettingsView', 'canonical', 'keys_to_read', 'make_key', 'parse_key',
    'desired_errors', 'value_error',
]
