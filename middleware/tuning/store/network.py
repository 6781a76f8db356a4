"""Network ceilings measured with iperf3: one row per session, iperf3's server documents kept raw."""
from .db import Database, dumps, loads, utc_now

PUBLIC = ('id', 'label', 'created_at', 'finished_at', 'interface', 'address', 'port', 'link_speed_mbps', 'mtu',
          'client_address', 'iperf3_version', 'measurements', 'ceiling_bits_per_second')


def _row(row: dict) -> dict:
    return {k: loads(row[k]) if k == 'measurements' else row[k] for k in PUBLIC}


def insert_network_result(db: Database, *, created_at, label, interface, address, port, link_speed_mbps, mtu,
                          client_address, iperf3_version, measurements, ceiling_bits_per_second, options,
                          raw) -> dict:
    with db.transaction() as cur:
        cur.execute('INSERT INTO network_result (created_at, finished_at, label, interface, address, port, '
                    'link_speed_mbps, mtu, client_address, iperf3_version, measurements, ceiling_bits_per_second, '
                    'options, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
                    (created_at, utc_now(), label, interface, address, port, link_speed_mbps, mtu, client_address,
                     iperf3_version, dumps(measurements), ceiling_bits_per_second, dumps(options), dumps(raw)))
        id_ = cur.lastrowid
    return get_network_result(db, id_)


def count_network_results(db: Database) -> int:
    return db.query('SELECT COUNT(*) AS n FROM network_result')[0]['n']


def list_network_results(db: Database) -> list[dict]:
    return [_row(r) for r in db.query('SELECT * FROM network_result ORDER BY id')]


def get_network_result(db: Database, id_: int) -> dict | None:
    rows = db.query('SELECT * FROM network_result WHERE id = ?', (id_,))
    return _row(rows[0]) if rows else None


def latest_network_results(db: Database) -> dict[str, dict]:
    """The latest result of each interface, by interface name."""
    return {r['interface']: r for r in list_network_results(db)}


def delete_network_result(db: Database, id_: int) -> bool:
    with db.transaction() as cur:
        return cur.execute('DELETE FROM network_result WHERE id = ?', (id_,)).rowcount > 0
