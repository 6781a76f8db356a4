// The API's shapes of middleware/tuning/client_models.py, from the generated types (scripts/gen-api-types.py), and a
// view of a client result's context (docs/clients.md), which the benchmark model types as `dict`.
import * as api from './generated/api-types.generated';
import { NoneOf } from './api-shapes';

/** What the admin means to measure; the kit reports what it finds. */
export type ClientProtocol = api.TuningClientSessionEntry['protocol'];
export type ClientSessionState = api.TuningClientSessionEntry['state'];

const PROTOCOLS = ['NFS', 'SMB', 'ISCSI', 'LOCAL', 'OTHER'] as const satisfies readonly ClientProtocol[];
export const CLIENT_PROTOCOLS: ClientProtocol[] = [...PROTOCOLS];
export type EveryProtocolListed = NoneOf<Exclude<ClientProtocol, (typeof PROTOCOLS)[number]>>;

/** `tuning.client.session.create` options; unset fields take the server's defaults. */
export type ClientSessionCreateOptions = api.TuningClientSessionOptions;
/** One fio test of a plan, in the shape the kit runs it. */
export type ClientPlanTest = api.TuningClientPlanTest;
/** What the kit runs; the box computes it. */
export type ClientPlan = api.TuningClientPlan;
/** Ready to paste; the token goes in `TUNING_TOKEN`, never on the command line. */
export type ClientCommands = api.TuningClientCommands;
export type ClientSession = api.TuningClientSessionEntry;
/** The create answer: the only time the token is shown (the box keeps its SHA-256). */
export type ClientSessionCreated = api.TuningClientSessionCreated;
export type ClientKit = api.TuningClientKitEntry;

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
