import { inEnglish } from '../../shared/field-errors';
import {
  datasetRefusal, diskWords, durationWords, effectWords, expectedSeconds, loadWords, logDevicesWords, logRate, readyToMeasure, sideFigures,
  slogBusyWords, slogHeadline, slogOptions, ssdChoices, timesWords,
} from './slog-advice';

describe('slog advice', () => {
  it('offers only the unused SSDs, and measures once every SSD chosen is ticked as erased', () => {
    const disk = (name: string, kind: 'HDD' | 'SSD' | 'NVME', pool: string | null = null) => ({ name, kind, size_bytes: 512 * 1024 ** 3, model: null, serial: null, pool });
    expect(ssdChoices([disk('sdh', 'SSD'), disk('sdi', 'HDD'), disk('nvme0n1', 'NVME'), disk('sdj', 'SSD', 'tank')]).map((d) => d.name))
      .toEqual(['sdh', 'nvme0n1']);
    expect(inEnglish(diskWords(disk('nvme0n1', 'NVME')))).toBe('nvme0n1 (512 GiB NVMe)');
    expect(inEnglish(diskWords({ ...disk('sdg', 'SSD'), model: 'Samsung SSD 860', serial: 'S3Z1' }))).toBe('sdg (512 GiB SSD, Samsung SSD 860, serial S3Z1)');
    expect(inEnglish(diskWords({ ...disk('sdg', 'SSD'), serial: 'S3Z1' }))).toBe('sdg (512 GiB SSD, serial S3Z1)');
    const form = { dataset: '', windowSeconds: null, runtimeSeconds: null };
    expect(readyToMeasure(form)).toBe(false);
    expect(readyToMeasure({ ...form, ssdDisks: ['sdh'] })).toBe(false);
    expect(readyToMeasure({ ...form, ssdDisks: ['sdh', 'nvme0n1'], erased: ['sdh'] })).toBe(false);
    expect(readyToMeasure({ ...form, ssdDisks: ['sdh'], erased: ['sdh'] })).toBe(true);
    expect(readyToMeasure({ ...form, dataset: 'tank' })).toBe(true);
    expect(readyToMeasure({ ...form, dataset: 'tank' }, true)).toBe(false);   // the sandbox's datasets are refused
    expect(readyToMeasure({ ...form, ssdDisks: ['sdh'], erased: ['sdh'] }, true)).toBe(true);
    expect(slogOptions({ ...form, ssdDisks: ['sdh'], erased: ['sdh'] })).toEqual({ ssd_disks: ['sdh'] });
    expect(slogOptions({ ...form, dataset: 'tank', ssdDisks: ['sdh'], erased: ['sdh'], runtimeSeconds: 5 }))
      .toEqual({ dataset: 'tank', ssd_disks: ['sdh'], runtime_seconds: 5 });
  });

  it('says before it starts where the SSDs chosen are written, how much of them, for how long, and that they are erased', () => {
    const said = (form: Parameters<typeof effectWords>[0]) => inEnglish(effectWords(form, inEnglish));
    // each SSD: one measurement and its set-up (tests/unit/advice/test_slog_panel_figures.py: the server's own figures)
    expect(expectedSeconds({ dataset: '', windowSeconds: null, runtimeSeconds: null, ssdDisks: ['sdh', 'sdi'] })).toBe(2 * (15 + 5));
    // the walk's case: one 477 GiB SSD, the limits left empty, said "less than a minute" for writing all of it
    expect(said({ dataset: '', windowSeconds: null, runtimeSeconds: null, ssdDisks: ['sdh'] })).toBe(
      'Takes about 20 s: writes 4 KiB blocks, each synchronously, from the start of sdh for 15 s, never past its first 16 GiB. '
      + 'Whatever is on it is destroyed: its partition table and file systems are overwritten, so treat the whole disk as erased. '
      + 'The box is busy meanwhile (no apply or benchmark).');
    expect(said({ dataset: '', windowSeconds: null, runtimeSeconds: 60, ssdDisks: ['sdh', 'sdi'] })).toBe(
      'Takes about 2 minutes: writes 4 KiB blocks, each synchronously, from the start of sdh, sdi, one disk after the other, '
      + 'for 1 min each, never past the first 16 GiB of each. Whatever is on them is destroyed: their partition tables and '
      + 'file systems are overwritten, so treat each whole disk as erased. The box is busy meanwhile (no apply or benchmark).');
    expect(said({ dataset: 'tank', windowSeconds: 0, runtimeSeconds: 2, ssdDisks: ['sdh'] })).toMatch(
      /^Takes about 55 s, without watching .* Then writes 4 KiB blocks, each synchronously, from the start of sdh for 2 s, never past its first 16 GiB: whatever is on it is destroyed \(its partition table and file systems are overwritten\), so treat the whole disk as erased\.$/);
  });

  it('sends the dataset and only the limits typed', () => {
    expect(slogOptions({ dataset: 'tank/vms', windowSeconds: null, runtimeSeconds: null })).toEqual({ dataset: 'tank/vms' });
    expect(slogOptions({ dataset: 'tank/vms', windowSeconds: 0, runtimeSeconds: 20 }))
      .toEqual({ dataset: 'tank/vms', window_seconds: 0, runtime_seconds: 20 });
  });

  it('estimates the time from the window, both kinds of measurement and their set-up, the server’s defaults for what is left empty', () => {
    // the cases of tests/unit/advice/test_slog_panel_figures.py (core/slog.py expected_seconds, duration_words)
    expect(expectedSeconds({ windowSeconds: null, runtimeSeconds: null })).toBe(30 + 20 + 2 * 3 * (15 + 3));
    expect(expectedSeconds({ windowSeconds: 600, runtimeSeconds: 120 })).toBe(600 + 20 + 2 * 3 * (120 + 3));
    expect(expectedSeconds({ dataset: 'tank', windowSeconds: 0, runtimeSeconds: 2, ssdDisks: ['sdh'] })).toBe(20 + 2 * 3 * 5 + 7);
    expect(expectedSeconds({ dataset: '', windowSeconds: 30, runtimeSeconds: 60, ssdDisks: ['sdh', 'sdi'] })).toBe(2 * 65);
    // a limit the server refuses makes no run: no time (700 s once gave "about 12 minutes")
    expect(expectedSeconds({ windowSeconds: 700, runtimeSeconds: null })).toBeNull();
    expect(expectedSeconds({ windowSeconds: null, runtimeSeconds: 1 })).toBeNull();
    expect(expectedSeconds({ windowSeconds: 2.5, runtimeSeconds: null })).toBeNull();
    expect(expectedSeconds({ windowSeconds: -1, runtimeSeconds: null })).toBeNull();
    const cases: [number, string][] = [
      [2, 'about 5 s'], [20, 'about 20 s'], [58, 'about 1 min'], [95, 'about 1 min 35 s'], [118, 'about 2 minutes'],
      [150, 'about 3 minutes'], [158, 'about 3 minutes'], [600, 'about 10 minutes'],
    ];
    expect(cases.map(([s]) => inEnglish(durationWords(s)))).toEqual(cases.map(([, w]) => w));
  });

  it('says before it starts what it does to the box, where, and for how long', () => {
    const said = (form: Parameters<typeof effectWords>[0]) => inEnglish(effectWords(form, inEnglish));
    expect(said({ dataset: 'tank/vms', windowSeconds: null, runtimeSeconds: null })).toBe(
      'Takes about 3 minutes: watches the box’s own sync writes for 30 s, then writes 4 KiB synchronous blocks within a '
      + '256 MiB file, 3 times for 15 s with the intent log and 3 times without, in a scratch dataset it creates under '
      + 'tank/vms and removes with the file afterwards; turns sync off on that scratch dataset only, never on your data; '
      + 'the box is busy meanwhile (no apply or benchmark).');
    expect(said({ dataset: 'tank', windowSeconds: 0, runtimeSeconds: 60 })).toBe(
      'Takes about 7 minutes, without watching the box’s own sync writes first: writes 4 KiB synchronous blocks within a '
      + '256 MiB file, 3 times for 1 min with the intent log and 3 times without, in a scratch dataset it creates under '
      + 'tank and removes with the file afterwards; turns sync off on that scratch dataset only, never on your data; '
      + 'the box is busy meanwhile (no apply or benchmark).');
    expect(said({ dataset: '', windowSeconds: null, runtimeSeconds: null })).toContain('under the dataset you choose and removes with the file afterwards;');
  });

  it('promises no time for a run that would be refused: a sandbox dataset (said why), a limit out of bounds', () => {
    const said = (form: Parameters<typeof effectWords>[0], sandbox = false) => inEnglish(effectWords(form, inEnglish, sandbox));
    expect(inEnglish(datasetRefusal('tank/vm', true)!))
      .toBe('tank/vm is not on ZFS: the sandbox’s datasets are plain directories, with no intent log to measure.');
    expect(datasetRefusal('tank/vm', false)).toBeNull();
    expect(datasetRefusal('', true)).toBeNull();   // SSDs alone are measured on the sandbox too
    expect(said({ dataset: 'tank/vm', windowSeconds: null, runtimeSeconds: null, ssdDisks: ['sdh'] }, true))
      .toBe('Measure would be refused, writing nothing: tank/vm cannot be measured (said under Dataset).');
    expect(said({ dataset: '', windowSeconds: null, runtimeSeconds: null, ssdDisks: ['sdh'] }, true)).toMatch(/^Takes about 20 s: writes 4 KiB blocks/);
    expect(said({ dataset: 'tank/vm', windowSeconds: 700, runtimeSeconds: 1 }))
      .toBe('Measure would be refused, writing nothing: a limit is outside the bounds said under it.');
  });

  it('heads the answer with the verdict in words and the headroom as times', () => {
    expect(inEnglish(slogHeadline({ verdict: 'WORTH_IT', headroom: 26.4 }))).toBe('A log device could help: up to 26× faster sync writes');
    expect(inEnglish(slogHeadline({ verdict: 'NO_SYNC_LOAD', headroom: 26.4 })))
      .toBe('A log device would not help now: nothing here writes synchronously');
    expect(inEnglish(slogHeadline({ verdict: 'LITTLE_GAIN', headroom: 1.23 }))).toBe('Little to gain: 1.2×');
    expect(inEnglish(slogHeadline({ verdict: 'UNKNOWN_LOAD', headroom: 3.42 }))).toBe('Up to 3.4× — the box’s own sync load is not known');
    expect(inEnglish(slogHeadline({ verdict: 'UNKNOWN_LOAD', headroom: null })))
      .toBe('No figure to compare, and the box’s own sync load is not known');
    expect(timesWords(9.96)).toBe('10.0×');
    expect(timesWords(10)).toBe('10×');
  });

  it('gives a measurement’s figures in writes a second and waits in ms or µs', () => {
    expect(sideFigures({ iops: 1234.4, latency_p50_ns: 812_000, latency_p99_ns: 2_400_000 }))
      .toEqual({ iops: '1,234', typical: '812 µs', p99: '2.40 ms' });
    expect(sideFigures({ iops: null, latency_p50_ns: null, latency_p99_ns: null })).toEqual({ iops: '—', typical: '—', p99: '—' });
  });

  it('says the box’s own sync load in commits a second and log written, or that it is not known', () => {
    expect(inEnglish(loadWords({ seconds: 30.2, commits_per_second: 812.5, records_per_second: 900, bytes_per_second: 3.4e6,
      to_log_device: false }))).toBe('The box’s own sync writes over 30 s: 813 commits a second, 3.40 MB/s of log records.');
    expect(inEnglish(loadWords({ seconds: 30, commits_per_second: 2, records_per_second: 2, bytes_per_second: 8192,
      to_log_device: true }))).toBe('The box’s own sync writes over 30 s: 2.00 commits a second, 8 KiB/s of log records, some to its log device.');
    expect(inEnglish(loadWords(null))).toContain('not known');
    expect(logRate(0)).toBe('0 MB/s');
    expect(inEnglish(logDevicesWords('tank', []))).toBe('tank has no log device now.');
    expect(inEnglish(logDevicesWords('tank', ['nvme0n1']))).toBe('tank has a log device now: nvme0n1.');
  });

  it('says what holds the box in words, never its method name or job number', () => {
    expect(inEnglish(slogBusyWords({ method: 'tuning.benchmark.run' })))
      .toBe('The box is busy: Benchmark. Measuring now would disturb it and both figures; ask again when it has finished.');
    expect(inEnglish(slogBusyWords(null))).toContain('The box is busy with a benchmark or an apply');
  });
});
