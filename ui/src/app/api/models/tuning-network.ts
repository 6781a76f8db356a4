// Mirrors middleware/tuning/network_models.py: the network ceiling measured with iperf3.

/** `CLIENT_TO_BOX`: the client sends, the box receives (writing to a share); `BOX_TO_CLIENT`: `iperf3 -R`. */
export type NetworkDirection = 'CLIENT_TO_BOX' | 'BOX_TO_CLIENT';

/** `tuning.network.measure` options; unset fields take the server's defaults. */
export interface NetworkMeasureOptions {
  interface: string;
  /** iperf3 server port, 1024–65535 (default 5201). */
  port?: number;
  /** Seconds each client test runs (`iperf3 -t`), 1–60 (default 10). */
  duration_seconds?: number;
  /** Streams of the parallel tests (`iperf3 -P`), 2–16 (default 4). */
  parallel_streams?: number;
  /** How long the job waits for the client to start each test, 5–3600 s (default 300). */
  client_timeout_seconds?: number;
  label?: string | null;
}

export interface NetworkMeasurement {
  /** In words: `4 parallel streams, box → client`. */
  name: string;
  streams: number;
  direction: NetworkDirection;
  /** What crossed the link: the box's received rate, or its sent rate when it was the sender. */
  bits_per_second: number;
  bits_per_second_received: number | null;
  bits_per_second_sent: number | null;
  /** TCP retransmits, known only when the box sent. */
  retransmits: number | null;
  /** The box's CPU use during the test. */
  cpu_percent: number | null;
  seconds: number;
  client_address: string | null;
  /** What the client ran. */
  client_command: string[];
}

export interface NetworkResult {
  id: number;
  label: string;
  created_at: string;
  finished_at: string;
  interface: string;
  /** The address the server was bound to. */
  address: string;
  port: number;
  /** Nominal link speed: the upper bound the measured ceiling is read against. */
  link_speed_mbps: number | null;
  mtu: number | null;
  client_address: string | null;
  iperf3_version: string | null;
  measurements: NetworkMeasurement[];
  /** The fastest of the measurements: what one client can move over this link. */
  ceiling_bits_per_second: number;
}
