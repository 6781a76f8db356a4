"""Pure domain logic of the tuning plugin: no I/O, no framework imports, stdlib only.

``presets`` holds the knob registry, the preset catalog, the hardware-aware rules, plans and sizing; services call it
with plain dicts read from the appliance and act on the plain dicts it returns.
"""
