"""Names shared by the whole preset core: setting kinds, apply modes, risks, benchmark metrics, units."""

ZFS_PARAMETER = 'ZFS_PARAMETER'
SYSCTL = 'SYSCTL'
DATASET_PROPERTY = 'DATASET_PROPERTY'
POOL_DEVICE = 'POOL_DEVICE'
SERVICE = 'SERVICE'
KINDS = (DATASET_PROPERTY, ZFS_PARAMETER, SYSCTL, SERVICE, POOL_DEVICE)  # also the apply order of a plan

LIVE = 'LIVE'
NEW_DATA = 'NEW_DATA'
SERVICE_RESTART = 'SERVICE_RESTART'
REBOOT = 'REBOOT'
APPLY_MODES = (LIVE, NEW_DATA, SERVICE_RESTART, REBOOT)

SAFE = 'SAFE'
CAUTION = 'CAUTION'
DANGEROUS = 'DANGEROUS'
RISKS = (SAFE, CAUTION, DANGEROUS)
RISK_WORDS = {SAFE: 'Safe', CAUTION: 'Caution', DANGEROUS: 'Dangerous'}   # as the panel's badges say them

# Dataset property sources as TrueNAS reports them; INHERIT is what a plan proposes to go back to the parent's value.
LOCAL = 'LOCAL'
INHERITED = 'INHERITED'
DEFAULT = 'DEFAULT'
INHERIT = 'INHERIT'

SEQ_WRITE = 'SEQ_WRITE'
SEQ_READ = 'SEQ_READ'
RAND_READ_4K = 'RAND_READ_4K'
RAND_WRITE_4K = 'RAND_WRITE_4K'
SYNC_WRITE_4K = 'SYNC_WRITE_4K'
MIXED_70_30 = 'MIXED_70_30'
METRICS = (SEQ_WRITE, SEQ_READ, RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K, MIXED_70_30)

HDD = 'HDD'
SSD = 'SSD'
NVME = 'NVME'
MIXED = 'MIXED'
# Relative speed of device kinds: a cache or log device must rank above the pool's data disks.
KIND_RANK = {HDD: 0, SSD: 1, NVME: 2}
# Device kinds in words, one disk and several: "is a hard disk", "this pool's NVMe disks".
DISK_KIND_WORD = {HDD: 'hard disk', SSD: 'SSD', NVME: 'NVMe disk'}
DISK_KIND_WORDS = {HDD: 'hard disks', SSD: 'SSDs', NVME: 'NVMe disks'}
DISK_KIND_NAMES = {HDD: 'HDD', SSD: 'SSD', NVME: 'NVMe'}   # a kind as a name beside a size: "3.8 TB NVMe"

GLOBAL_SCOPE = 'global'

KiB = 1024
MiB = 1024 * KiB
GiB = 1024 * MiB
TiB = 1024 * GiB
