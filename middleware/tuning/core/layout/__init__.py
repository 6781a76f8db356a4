"""Pool layout advice (pure: no I/O, no framework imports): ``capacity`` computes a layout's space as OpenZFS
allocates it, ``candidates`` lists the layouts worth comparing for a set of disks with their space, expected
throughput and IOPS, fault tolerance and reasons in words, ``advice`` picks the disks and their figures
(``tuning.advice.layout``)."""
from .advice import LayoutInputError, layout_advice
from .candidates import TYPICAL, candidates
from .capacity import pool_space

__all__ = ['LayoutInputError', 'TYPICAL', 'candidates', 'layout_advice', 'pool_space']
