"""Built-in presets, one module each: ``PRESET`` (what it is for), ``COSTS`` (its trade-offs, each with when a plan
brings it about) and ``build(draft)`` (its rules for the box)."""
from . import balanced, max_iops, max_seq_read, max_seq_write, media_streaming, smb_files, vm_block

MODULES = (balanced, max_seq_write, max_seq_read, max_iops, vm_block, smb_files, media_streaming)
RULES = {module.PRESET['id']: module.build for module in MODULES}
COSTS = {module.PRESET['id']: module.COSTS for module in MODULES}
