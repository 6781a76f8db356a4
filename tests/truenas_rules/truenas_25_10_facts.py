"""Names fixed by TrueNAS 25.10 that the static rules check against (facts, not code).

Extracted from truenas/middleware tag TS-25.10.6, src/middlewared/middlewared/:
- ``BUILTIN_ROLES``: the keys of ``ROLES`` in ``role.py`` (plus ``READONLY_ADMIN``, added at import time there).
  Any other role name makes ``RoleManager`` raise "Invalid role" when the plugin loads.
- ``BUILTIN_NAMESPACES``: ``Config.namespace`` of every ``*Service`` class under ``plugins/`` (default: the class
  name minus ``Service``, lower-cased). A plugin service with one of these namespaces would be merged into the
  built-in one as a ``CompoundService``.
"""

BUILTIN_ROLES = frozenset("""
    ACCOUNT_READ ACCOUNT_WRITE API_KEY_READ API_KEY_WRITE AUTH_SESSIONS_READ AUTH_SESSIONS_WRITE BOOT_ENV_READ
    BOOT_ENV_WRITE DIRECTORY_SERVICE_READ DIRECTORY_SERVICE_WRITE DISK_READ DISK_WRITE FAILOVER_READ FAILOVER_WRITE
    FILESYSTEM_ATTRS_READ FILESYSTEM_ATTRS_WRITE FILESYSTEM_DATA_READ FILESYSTEM_DATA_WRITE FILESYSTEM_FULL_CONTROL
    IPMI_READ IPMI_WRITE KMIP_READ KMIP_WRITE MAIL_WRITE PRIVILEGE_READ PRIVILEGE_WRITE REPORTING_READ
    REPORTING_WRITE SUPPORT_READ SUPPORT_WRITE SSH_READ SSH_WRITE SYSTEM_AUDIT_READ SYSTEM_AUDIT_WRITE FULL_ADMIN
    ALERT_LIST_READ ALERT_LIST_WRITE ALERT_READ ALERT_WRITE CLOUD_BACKUP_READ CLOUD_BACKUP_WRITE CLOUD_SYNC_READ
    CLOUD_SYNC_WRITE SERVICE_READ SERVICE_WRITE ENCLOSURE_READ ENCLOSURE_WRITE NETWORK_GENERAL_READ
    NETWORK_GENERAL_WRITE NETWORK_INTERFACE_READ NETWORK_INTERFACE_WRITE VM_READ VM_WRITE VM_DEVICE_READ
    VM_DEVICE_WRITE JBOF_READ JBOF_WRITE TRUECOMMAND_READ TRUECOMMAND_WRITE TRUENAS_CONNECT_READ
    TRUENAS_CONNECT_WRITE CERTIFICATE_READ CERTIFICATE_WRITE CATALOG_READ CATALOG_WRITE DOCKER_READ DOCKER_WRITE
    APPS_READ APPS_WRITE SHARING_FTP_READ SHARING_FTP_WRITE SHARING_ISCSI_AUTH_READ SHARING_ISCSI_AUTH_WRITE
    SHARING_ISCSI_EXTENT_READ SHARING_ISCSI_EXTENT_WRITE SHARING_ISCSI_GLOBAL_READ SHARING_ISCSI_GLOBAL_WRITE
    SHARING_ISCSI_HOST_READ SHARING_ISCSI_HOST_WRITE SHARING_ISCSI_INITIATOR_READ SHARING_ISCSI_INITIATOR_WRITE
    SHARING_ISCSI_PORTAL_READ SHARING_ISCSI_PORTAL_WRITE SHARING_ISCSI_TARGET_READ SHARING_ISCSI_TARGET_WRITE
    SHARING_ISCSI_TARGETEXTENT_READ SHARING_ISCSI_TARGETEXTENT_WRITE SHARING_ISCSI_READ SHARING_ISCSI_WRITE
    SHARING_NFS_READ SHARING_NFS_WRITE SHARING_NVME_TARGET_READ SHARING_NVME_TARGET_WRITE SHARING_SMB_READ
    SHARING_SMB_WRITE SHARING_READ SHARING_WRITE KEYCHAIN_CREDENTIAL_READ KEYCHAIN_CREDENTIAL_WRITE
    REPLICATION_TASK_CONFIG_READ REPLICATION_TASK_CONFIG_WRITE REPLICATION_TASK_READ REPLICATION_TASK_WRITE
    REPLICATION_TASK_WRITE_PULL SNAPSHOT_TASK_READ SNAPSHOT_TASK_WRITE POOL_SCRUB_READ POOL_SCRUB_WRITE POOL_READ
    POOL_WRITE DATASET_READ DATASET_WRITE DATASET_DELETE SNAPSHOT_READ SNAPSHOT_WRITE SNAPSHOT_DELETE
    REPLICATION_ADMIN SHARING_ADMIN SYSTEM_GENERAL_READ SYSTEM_GENERAL_WRITE SYSTEM_PRODUCT_READ
    SYSTEM_PRODUCT_WRITE SYSTEM_ADVANCED_READ SYSTEM_ADVANCED_WRITE SYSTEM_SECURITY_READ SYSTEM_SECURITY_WRITE
    SYSTEM_TUNABLE_READ SYSTEM_TUNABLE_WRITE SYSTEM_CRON_READ SYSTEM_CRON_WRITE SYSTEM_UPDATE_READ
    SYSTEM_UPDATE_WRITE VIRT_GLOBAL_READ VIRT_GLOBAL_WRITE VIRT_INSTANCE_READ VIRT_INSTANCE_WRITE
    VIRT_INSTANCE_DELETE VIRT_IMAGE_READ VIRT_IMAGE_WRITE ZFS_RESOURCE_READ READONLY_ADMIN
""".split())

BUILTIN_NAMESPACES = frozenset("""
    acme acme.dns.authenticator acme.registration alert alertclasses alertservice api_key app app.certificate
    app.custom app.image app.image.op app.ix_volume app.metadata app.registry app.schema audit auditbackend auth
    auth.twofactor boot boot.environment cache catalog certificate cifs cloud_backup cloudsync cloudsync.credentials
    config cronjob cryptokey datastore device disk dlm dlm.kernel dns docker docker.events docker.fs_manage
    docker.network docker.setup docker.state enclosure.label enclosure2 etc failover failover.configure
    failover.datastore failover.disabled failover.enclosure failover.events failover.fenced failover.firewall
    failover.internal_interface failover.jobs_copy failover.reboot failover.status failover.vrrp
    failover.zpool.cachefile fc fc.fc_host fcport filesystem filesystem.acltemplate ftp group hardware.memory idmap
    incus initshutdownscript interface interface.capabilities ipmi ipmi.chassis ipmi.lan ipmi.mc ipmi.sel
    ipmi.sensors iscsi.alua iscsi.auth iscsi.extent iscsi.global iscsi.iser iscsi.portal iscsi.scst iscsi.target
    iscsi.targetextent iscsitarget jbof jbof.redfish keepalived kerberos kerberos.keytab kerberos.realm
    keychaincredential keyvalue kmip libvirtd libvirtguest mail mdns migration mseries.bios mseries.nvdimm netbios
    netdata network.common network.configuration network.general nfs nscd ntpd nvmet.global nvmet.host
    nvmet.host_subsys nvmet.namespace nvmet.port nvmet.port_subsys nvmet.subsys openipmi openvmtools pool
    pool.dataset pool.resilver pool.scrub pool.snapshot pool.snapshottask port postinstall powerd privilege pwenc
    rate.limit rdma rdma.interface replication replication.config reporting reporting.exporters reporting.realtime
    resttest route routing rpcgss rsynctask service sharing.nfs sharing.smb smb snmp ssh sssd staticroute support
    sysctl syslogd system system.advanced system.general system.global system.ntpserver system.reboot
    system.security system.security.info system.security.sessions system.vendor systemdataset test tn_connect
    tn_connect.acme tn_connect.finalize tn_connect.heartbeat tn_connect.hostname tn_connect.post_install
    tn_connect.state truecommand truenas tunable update ups usage user virt.device virt.global virt.instance
    virt.recover virt.volume virtinstance vm vm.device vmware vrrpthread webui.crypto webui.enclosure
    webui.main.dashboard wsd zettarepl zfs.dataset zfs.pool zfs.resource zfs.snapshot zpool
""".split())
