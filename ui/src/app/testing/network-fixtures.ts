import { NetworkMeasurement, NetworkResult } from '../api/models/tuning-network';

/** One of the four figures as the server stores it. */
export function fakeMeasurement(partial: Partial<NetworkMeasurement> = {}): NetworkMeasurement {
  return {
    name: 'one stream, client → box', streams: 1, direction: 'CLIENT_TO_BOX', bits_per_second: 9.41e8,
    bits_per_second_received: 9.41e8, bits_per_second_sent: 9.43e8, retransmits: null, cpu_percent: 12.5, seconds: 10,
    client_address: '192.168.1.20', client_command: ['iperf3', '-c', '192.168.1.10', '-p', '5201', '-t', '10'], ...partial,
  };
}

/** A stored result on a 1 GbE port: the four tests, the 4-stream reading the fastest. */
export function fakeNetworkResult(partial: Partial<NetworkResult> = {}): NetworkResult {
  return {
    id: 1, label: 'eno1 · 192.168.1.20', created_at: '2026-11-24T09:00:00Z', finished_at: '2026-11-24T09:01:00Z',
    interface: 'eno1', address: '192.168.1.10', port: 5201, link_speed_mbps: 1000, mtu: 1500,
    client_address: '192.168.1.20', iperf3_version: 'iperf 3.12',
    measurements: [
      fakeMeasurement(),
      fakeMeasurement({ name: '4 parallel streams, client → box', streams: 4, bits_per_second: 9.49e8 }),
      fakeMeasurement({ name: 'one stream, box → client', direction: 'BOX_TO_CLIENT', bits_per_second: 9.3e8, retransmits: 3 }),
      fakeMeasurement({ name: '4 parallel streams, box → client', streams: 4, direction: 'BOX_TO_CLIENT', bits_per_second: 9.45e8, retransmits: 7 }),
    ],
    ceiling_bits_per_second: 9.49e8, ...partial,
  };
}
