import { fakeBenchmark } from '../../testing/fixtures';
import { fakeClientContext, fakeClientResult } from '../../testing/client-fixtures';
import { clientContext, clientWords, linkWords, resultProtocolWords } from './client-words';

describe('client words', () => {
  it('reads the kit’s context of a client result only', () => {
    expect(clientContext(fakeClientResult())!.client.hostname).toBe('ws1');
    expect(clientContext(fakeBenchmark())).toBeNull();
  });

  it('says the protocol with its version, iSCSI spelt as people spell it', () => {
    expect(resultProtocolWords(fakeClientContext())).toEqual({ key: '{protocol} {version}', params: { protocol: 'NFS', version: '4.2' } });
    const iscsi = fakeClientContext();
    iscsi.target = { ...iscsi.target, protocol: 'ISCSI', protocol_version: null, kind: 'BLOCK_DEVICE' };
    expect(resultProtocolWords(iscsi)).toEqual({ key: 'iSCSI' });
    iscsi.target = { ...iscsi.target, protocol: 'LOCAL' };
    expect(resultProtocolWords(iscsi)).toEqual({ key: 'local file system' });
  });

  it('says the client and its link in words, what the kit could not find as unknown', () => {
    expect(clientWords(fakeClientContext())).toEqual({ key: '{os} {version} on {host}', params: { os: 'Linux', version: '6.1.0-28-amd64', host: 'ws1' } });
    expect(linkWords(fakeClientContext())).toEqual({ key: '{speed} Mb/s · MTU {mtu}', params: { speed: '1,000', mtu: 1500 } });
    expect(linkWords(fakeClientContext({ link: { interface: 'lo', speed_mbps: null, mtu: 65536, address: null } })))
      .toEqual({ key: 'speed unknown · MTU {mtu}', params: { mtu: 65536 } });
    expect(linkWords(fakeClientContext({ link: null }))).toEqual({ key: 'unknown' });
    // an MTU the kit could not read: in words, never a bare "?"
    expect(linkWords(fakeClientContext({ link: { interface: 'eth0', speed_mbps: 1000, mtu: null, address: null } })))
      .toEqual({ key: '{speed} Mb/s · MTU unknown', params: { speed: '1,000' } });
  });
});
