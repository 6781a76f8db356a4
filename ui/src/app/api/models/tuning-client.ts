// Mirrors middleware/tuning/client_models.py and docs/clients.md: client sessions, the kit, a client result's context.
import { BenchmarkTest } from './tuning-benchmark';

/** What the admin means to measure; the kit reports what it finds. */
export type ClientProtocol = 'NFS' | 'SMB' | 'ISCSI' | 'LOCAL' | 'OTHER';
export type ClientSessionState = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

export const CLIENT_PROTOCOLS: ClientProtocol[] = ['NFS', 'SMB', 'ISCSI', 'LOCAL', 'OTHER'];

/** `tuning.client.session.create` options; unset fields take the server's defaults. */
export interface ClientSessionCreateOptions {
  label?: string | null;
  protocol: ClientProtocol;
  /** The dataset or zvol the share or LUN exports: its settings go into the results' context. */
  dataset?: string | null;
  tests?: BenchmarkTest[];
  /** 1–20 (default 3). */
  runs?: number;
  /** 5–600 (default 30). */
  runtime_seconds?: number;
  /** 0–60 (default 5). */
  ramp_seconds?: number;
  /** A port of the box the kit may ask to serve the iperf3 ceiling on. */
  network_interface?: string | null;
  network_port?: number;
  /** 5–10080 (default 240). */
  expires_minutes?: number;
  /** `http(s)://host[:port]` the client reaches the box at: the panel sends its own origin. */
  box_url?: string | null;
}

/** One fio test of a plan, in the shape the kit runs it. */
export interface ClientPlanTest {
  id: BenchmarkTest;
  label: string;
  rw: string;
  block_size: number;
  numjobs: number;
  iodepth: number;
  rwmixread: number | null;
  sync: boolean;
}

/** What the kit runs; the box computes it. */
export interface ClientPlan {
  tests: ClientPlanTest[];
  runs: number;
  runtime_seconds: number;
  ramp_seconds: number;
  /** At least twice the box's ARC maximum. */
  min_size_bytes: number;
  box: { ram_bytes: number; arc_max_bytes: number };
  network: { available: boolean; port: number };
}

/** Ready to paste; the token goes in `TUNING_TOKEN`, never on the command line. */
export interface ClientCommands {
  linux: string;
  macos: string;
  windows: string;
  agent_linux: string;
}

export interface ClientSession {
  id: number;
  label: string;
  protocol: ClientProtocol;
  dataset: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  state: ClientSessionState;
  plan: ClientPlan;
  /** Benchmark ids submitted under this session. */
  results: number[];
  /** Where the client reaches the box. */
  box_url: string;
  kit_url: string;
  /** SHA-256 of the box's HTTPS certificate, pinned by the commands (`--tls-sha256`); null when none is known. */
  tls_sha256: string | null;
  /** Ready to paste: each asks for the token and passes it in `TUNING_TOKEN`, never on the command line. */
  commands: ClientCommands;
}

/** The create answer: the only time the token is shown (the box keeps its SHA-256). */
export interface ClientSessionCreated extends ClientSession {
  token: string;
}

export interface ClientKit {
  file_name: string;
  text: string;
  sha256: string;
  version: number;
}

/** What a client result keeps beside the box's own context (core/client/result.py client_record). */
export interface ClientResultContext {
  client: {
    hostname: string;
    os: string;
    os_version: string | null;
    python: string | null;
    fio_version: string | null;
    iperf3_version: string | null;
    cpu_count: number | null;
    ram_bytes: number | null;
  };
  /** The client's view, with the box's dataset and pool the share exports. */
  target: {
    path: string;
    kind: 'DIRECTORY' | 'BLOCK_DEVICE';
    protocol: ClientProtocol;
    protocol_version: string | null;
    server: string | null;
    export: string | null;
    mount_options: string | null;
    fstype: string | null;
    dataset: string | null;
    pool: string | null;
  };
  link: { interface: string | null; speed_mbps: number | null; mtu: number | null; address: string | null } | null;
  session: { id: number; label: string; protocol: ClientProtocol; dataset: string | null; step_id: number | null };
  cache_defeat: { direct_io: boolean; size_bytes: number; reason: string; method: string; explanation: string };
  kit_version: number;
  started_at: string;
  finished_at: string;
  network_result_id: number | null;
}
