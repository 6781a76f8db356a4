"""Forward migrations: entry N brings the schema from version N to N+1. Never edit a released entry; append."""

MIGRATIONS: list[list[str]] = [
    # 1: presets, restore points, apply journal, reboot tracking, baseline values
    [
        """CREATE TABLE preset (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL, base TEXT,
            settings TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)""",
        """CREATE TABLE restore_point (
            id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, kind TEXT NOT NULL,
            preset TEXT, target TEXT, state TEXT NOT NULL, entries TEXT NOT NULL, changes TEXT NOT NULL,
            reverts INTEGER REFERENCES restore_point(id), reverted_by INTEGER REFERENCES restore_point(id),
            message TEXT, boot_id TEXT NOT NULL, updated_at TEXT NOT NULL)""",
        """CREATE TABLE journal (
            id INTEGER PRIMARY KEY AUTOINCREMENT, restore_point_id INTEGER NOT NULL REFERENCES restore_point(id),
            step INTEGER NOT NULL, key TEXT NOT NULL, action TEXT NOT NULL, status TEXT NOT NULL,
            detail TEXT, at TEXT NOT NULL)""",
        'CREATE INDEX journal_rp ON journal(restore_point_id, step)',
        """CREATE TABLE pending_reboot (
            key TEXT PRIMARY KEY, setting TEXT NOT NULL, proposed TEXT, since TEXT NOT NULL,
            restore_point_id INTEGER NOT NULL REFERENCES restore_point(id), boot_id TEXT NOT NULL)""",
        """CREATE TABLE baseline (key TEXT PRIMARY KEY, value TEXT, first_seen TEXT NOT NULL)""",
        """CREATE TABLE event_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL, message TEXT NOT NULL)""",
    ],
    # 2: benchmark results with their context and raw tool output
    [
        """CREATE TABLE benchmark (
            id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, label TEXT NOT NULL,
            source TEXT NOT NULL, spec TEXT, context TEXT NOT NULL, summary TEXT NOT NULL, runs TEXT NOT NULL,
            jobs TEXT NOT NULL, notes TEXT NOT NULL, raw TEXT NOT NULL)""",
        """CREATE TABLE scratch (
            path TEXT PRIMARY KEY, dataset TEXT, created_at TEXT NOT NULL)""",
    ],
    # 3: campaigns (their state is committed before each step so they resume after a reboot or a crash)
    [
        """CREATE TABLE campaign (
            id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            label TEXT NOT NULL, spec TEXT NOT NULL, state TEXT NOT NULL, phase TEXT NOT NULL,
            cursor INTEGER NOT NULL, steps TEXT NOT NULL, configurations TEXT NOT NULL,
            origin_restore_point INTEGER NOT NULL, boot_id TEXT, job_id INTEGER, abort_requested INTEGER NOT NULL,
            results TEXT NOT NULL, recommendation TEXT, message TEXT, log TEXT NOT NULL)""",
    ],
    # 4: network ceilings measured with iperf3 (one row per session of four measurements)
    [
        """CREATE TABLE network_result (
            id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, finished_at TEXT NOT NULL,
            label TEXT NOT NULL, interface TEXT NOT NULL, address TEXT NOT NULL, port INTEGER NOT NULL,
            link_speed_mbps INTEGER, mtu INTEGER, client_address TEXT, iperf3_version TEXT,
            measurements TEXT NOT NULL, ceiling_bits_per_second REAL NOT NULL, options TEXT NOT NULL,
            raw TEXT NOT NULL)""",
    ],
    # 5: client sessions (an expiring token that may only submit results for its session) and the benchmark steps a
    #    campaign leaves for a client agent
    [
        """CREATE TABLE client_session (
            id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, expires_at TEXT NOT NULL,
            revoked_at TEXT, label TEXT NOT NULL, protocol TEXT NOT NULL, dataset TEXT, token_sha256 TEXT NOT NULL UNIQUE,
            options TEXT NOT NULL, plan TEXT NOT NULL, box_url TEXT NOT NULL)""",
        """CREATE TABLE client_step (
            id INTEGER PRIMARY KEY AUTOINCREMENT, session_id INTEGER NOT NULL REFERENCES client_session(id),
            campaign_id INTEGER, label TEXT NOT NULL, plan TEXT NOT NULL, state TEXT NOT NULL,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL, benchmark_id INTEGER, message TEXT)""",
        'CREATE INDEX client_step_session ON client_step(session_id, state)',
    ],
    # 6: per-disk raw sequential reads (the lowest rung of the ladder)
    [
        """CREATE TABLE disk_read (
            id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, pool TEXT NOT NULL,
            disks TEXT NOT NULL, total_read_bytes_per_second REAL, options TEXT NOT NULL, stand_in INTEGER NOT NULL)""",
    ],
    # 7: drift the admin accepted (the box's value kept: tuning no longer expects what restore_point_id set there)
    [
        """CREATE TABLE drift_accepted (
            key TEXT PRIMARY KEY, restore_point_id INTEGER NOT NULL REFERENCES restore_point(id),
            expected TEXT, value TEXT, accepted_at TEXT NOT NULL)""",
    ],
    # 8: the campaign whose step made a restore point (its round, or its end, or the restore after an abort), so a
    #    campaign's applies and reverts are not taken for an admin's. Restore points made before are matched to the
    #    campaign that was running when they were made (after its origin, between its start and its last commit).
    [
        'ALTER TABLE restore_point ADD COLUMN campaign_id INTEGER',
        'ALTER TABLE restore_point ADD COLUMN campaign_round INTEGER',
        'ALTER TABLE restore_point ADD COLUMN campaign_stage TEXT',
        """UPDATE restore_point SET campaign_id = (
            SELECT c.id FROM campaign c WHERE restore_point.id > c.origin_restore_point
            AND restore_point.created_at >= c.created_at AND restore_point.created_at <= c.updated_at
            ORDER BY c.id DESC LIMIT 1) WHERE kind IN ('APPLY', 'REVERT')""",
    ],
]
