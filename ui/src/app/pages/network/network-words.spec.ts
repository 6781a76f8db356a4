import { aboveLink, ceilingShare, formatBitRate, measurementWords, networkWait } from './network-words';
import { fakeMeasurement } from '../../testing/network-fixtures';
import { firstLinked, nicWords } from './network-form';

describe('network words', () => {
  it('reads the test awaited and the client command from the job progress', () => {
    expect(networkWait('Measurement 2/4 (4 parallel streams, client → box): waiting for a client on 192.168.1.10:5201 '
      + '(interface eno1); run `iperf3 -c 192.168.1.10 -p 5201 -t 10 -P 4`…')).toEqual({
      index: 2, total: 4, test: '4 parallel streams, client → box', command: 'iperf3 -c 192.168.1.10 -p 5201 -t 10 -P 4',
    });
    expect(networkWait('Measurement 3/4 (one stream, box → client): client connected from 192.168.1.20')).toEqual({
      index: 3, total: 4, test: 'one stream, box → client', command: null,
    });
    expect(networkWait('Network ceiling #3 stored: 941 Mb/s on eno1')).toBeNull();
    expect(networkWait(null)).toBeNull();
  });

  it('gives rates in Mb/s with MB/s beside them and the ceiling against the link', () => {
    expect(formatBitRate(9.41e8)).toBe('941 Mb/s (118 MB/s)');
    expect(formatBitRate(2.5e10)).toBe('25,000 Mb/s (3,125 MB/s)');
    expect(formatBitRate(null)).toBe('—');
    expect(ceilingShare({ ceiling_bits_per_second: 9.41e8, link_speed_mbps: 1000 }))
      .toEqual({ key: '{percent} % of the link’s {speed} Mb/s', params: { percent: 94, speed: '1,000' } });
    expect(ceilingShare({ ceiling_bits_per_second: 9.41e8, link_speed_mbps: null })).toBeNull();
    // 2500 % of the link: it did not cross it, and says so.
    const loopback = { ceiling_bits_per_second: 2.5e10, link_speed_mbps: 1000 };
    expect(aboveLink(loopback)).toBe(true);
    expect(ceilingShare(loopback)!.key).toContain('did not cross it');
    expect(ceilingShare(loopback)!.params).toEqual({ percent: 2500, speed: '1,000' });
    expect(aboveLink({ ceiling_bits_per_second: 9.41e8, link_speed_mbps: 1000 })).toBe(false);
    expect(measurementWords(fakeMeasurement({ streams: 4, direction: 'BOX_TO_CLIENT' })))
      .toEqual({ key: '{streams} streams, {direction}', params: { streams: 4, direction: 'box → client' } });
  });

  it('names a port with its speed and MTU, and starts on the first linked one', () => {
    expect(nicWords({ name: 'eno1', link_up: true, speed_mbps: 1000, mtu: 9000 }))
      .toEqual({ key: '{name} · {speed} Mb/s · MTU {mtu}', params: { name: 'eno1', speed: '1,000', mtu: 9000 } });
    expect(nicWords({ name: 'eno2', link_up: false, speed_mbps: null, mtu: 1500 }).key).toBe('{name} · link down · MTU {mtu}');
  });

  it('says an MTU the box does not report is unknown, never a bare "?"', () => {
    expect(nicWords({ name: 'eno1', link_up: true, speed_mbps: 1000, mtu: null }))
      .toEqual({ key: '{name} · {speed} Mb/s · MTU unknown', params: { name: 'eno1', speed: '1,000' } });
    expect(nicWords({ name: 'eno2', link_up: false, speed_mbps: null }))
      .toEqual({ key: '{name} · link down · MTU unknown', params: { name: 'eno2' } });
    expect(nicWords({ name: 'eno3', link_up: true, speed_mbps: null, mtu: 0 }))
      .toEqual({ key: '{name} · speed unknown · MTU unknown', params: { name: 'eno3' } });
    expect(firstLinked([{ name: 'eno2', link_up: false, speed_mbps: null }, { name: 'eno1', link_up: true, speed_mbps: 1000 }])).toBe('eno1');
    expect(firstLinked([])).toBe('');
  });
});
