"""The component ladder (pure: no I/O, no framework imports): what each layer between the disks and a client moves,
and which layer limits what clients get, in words.

- ``disk_read`` (``fio_read``): the fio job of a raw, read-only sequential read of one disk and its figure.
- ``layers``: the ladder's layers from stored records (a ``disk_read`` row, local fio benchmarks, network ceilings,
  client results).
- ``bottleneck``: per direction, the layer that limits, and the verdict; ``words`` says it.
"""
