import { interpolate } from '../../i18n/translate.service';
import { fakeClientResult } from '../../testing/client-fixtures';
import { fakeBenchmark, fakeImportedBenchmark, fakeMeasuredContext } from '../../testing/fixtures';
import { aboveLinkLimit, linkLimit, whereMeasured } from './result-where';

const say = (key: string, params?: Record<string, unknown>) => interpolate(key, params);

describe('whereMeasured', () => {
  it('says a directory that is not ZFS is one, on any backend, and names no pool', () => {
    const run = fakeBenchmark({ context: fakeMeasuredContext({ backend: 'openzfs',
      target: { dataset: 'data', pool: 'data', mountpoint: '/srv/data', filesystem: 'xfs' } }) });
    expect(whereMeasured(run, say)).toEqual({
      where: 'a plain directory on xfs (/srv/data), not a ZFS dataset', pool: null });
  });

  it('names the pool behind a client\'s share on a real box, none for an import', () => {
    const result = fakeClientResult();
    (result.context as { backend: string }).backend = 'truenas';
    expect(whereMeasured(result, say)!.pool).toBe('RAIDZ2 6×HDD');
    expect(whereMeasured(fakeImportedBenchmark(), say)).toBeNull();
  });
});

describe('linkLimit and aboveLinkLimit', () => {
  it('read results against the link only when a client measured them', () => {
    const limit = { bytes_per_second: 1e8, basis: 'eno1' };
    const local = fakeBenchmark({ context: fakeMeasuredContext({ theoretical_max: limit }) });
    expect(linkLimit(local)).toBeNull();
    expect(aboveLinkLimit(local).size).toBe(0);
    const client = fakeClientResult();
    (client.context as { theoretical_max: unknown }).theoretical_max = limit;
    // bandwidth only: 400 MB/s written is above 100 MB/s; IOPS and latency are not compared with a rate
    expect([...aboveLinkLimit(client)]).toEqual(['SEQ_WRITE:write_bw_bytes']);
    // a client's own disk: nothing crossed the link, whatever an older result recorded
    (client.context as unknown as { target: { protocol: string } }).target.protocol = 'LOCAL';
    expect(linkLimit(client)).toBeNull();
    expect(aboveLinkLimit(client).size).toBe(0);
  });
});
