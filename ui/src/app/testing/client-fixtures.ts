import { BenchmarkResult } from '../api/models/tuning-benchmark';
import { ClientPlan, ClientResultContext, ClientSession, ClientSessionCreated } from '../api/models/tuning-client';
import { fakeBenchmark, fakeMeasuredContext } from './fixtures';

const BOX = 'http://192.168.1.10';

export function fakeClientPlan(partial: Partial<ClientPlan> = {}): ClientPlan {
  return {
    tests: [{ id: 'SEQ_READ', label: 'sequential read', rw: 'read', block_size: 1048576, numjobs: 1, iodepth: 4, rwmixread: null, sync: false }],
    runs: 3, runtime_seconds: 30, ramp_seconds: 5, min_size_bytes: 17179869184,
    box: { ram_bytes: 8589934592, arc_max_bytes: 4294967296 }, network: { available: false, port: 5201 }, ...partial,
  };
}

/** A session as `tuning.client.session.query` lists it (no token). */
export function fakeClientSession(partial: Partial<ClientSession> = {}): ClientSession {
  return {
    id: 1, label: 'ws1 over NFS', protocol: 'NFS', dataset: 'tank/share', created_at: '2026-11-24T10:00:00Z',
    expires_at: '2026-11-24T14:00:00Z', revoked_at: null, state: 'ACTIVE', plan: fakeClientPlan(), results: [],
    commands: {
      linux: `curl -fsSL -o tuning_client.py '${BOX}/_plugins/tuning/client/kit/tuning_client.py' && printf 'Token: '; python3 tuning_client.py run --box '${BOX}' --path /path/to/the/mounted/share`,
      macos: `curl -fsSL -o tuning_client.py '${BOX}/_plugins/tuning/client/kit/tuning_client.py' && python3 tuning_client.py run --box '${BOX}' --path /path/to/the/mounted/share`,
      windows: `Invoke-WebRequest -Uri '${BOX}/_plugins/tuning/client/kit/tuning_client.py' -OutFile tuning_client.py; python tuning_client.py run --box '${BOX}' --path Z:\\`,
      agent_linux: `curl -fsSL -o tuning_client.py '${BOX}/_plugins/tuning/client/kit/tuning_client.py' && python3 tuning_client.py agent --box '${BOX}' --path /path/to/the/mounted/share`,
    },
    box_url: BOX, kit_url: `${BOX}/_plugins/tuning/client/kit/tuning_client.py`, tls_sha256: null, ...partial,
  };
}

export function fakeCreatedSession(partial: Partial<ClientSessionCreated> = {}): ClientSessionCreated {
  return { ...fakeClientSession(), token: 'tok-4f9c2e', ...partial };
}

export function fakeClientContext(partial: Partial<ClientResultContext> = {}): ClientResultContext {
  return {
    client: { hostname: 'ws1', os: 'Linux', os_version: '6.1.0-28-amd64', python: '3.11.2', fio_version: 'fio-3.33',
      iperf3_version: 'iperf 3.12', cpu_count: 8, ram_bytes: 16777216000 },
    target: { path: '/mnt/tank', kind: 'DIRECTORY', protocol: 'NFS', protocol_version: '4.2', server: '192.168.1.10',
      export: '/mnt/tank/share', mount_options: 'rw,vers=4.2,rsize=1048576', fstype: 'nfs4', dataset: 'tank/share', pool: 'tank' },
    link: { interface: 'eth0', speed_mbps: 1000, mtu: 1500, address: '192.168.1.20' },
    session: { id: 1, label: 'ws1 over NFS', protocol: 'NFS', dataset: 'tank/share', step_id: null },
    cache_defeat: { direct_io: true, size_bytes: 17179869184, reason: 'direct I/O', method: 'CLIENT_DIRECT_IO', explanation: 'direct I/O' },
    kit_version: 1, started_at: '2026-11-24T10:00:00Z', finished_at: '2026-11-24T10:12:00Z', network_result_id: null, ...partial,
  };
}

/** A result the kit sent: the box's own context with the client's beside it. */
export function fakeClientResult(partial: Partial<BenchmarkResult> = {}, context: Partial<ClientResultContext> = {}): BenchmarkResult {
  const merged = { ...fakeMeasuredContext(), ...fakeClientContext(context) };
  return fakeBenchmark({ id: 11, label: 'ws1 NFS', source: 'CLIENT', spec: null,
    context: merged as unknown as BenchmarkResult['context'], ...partial });
}
