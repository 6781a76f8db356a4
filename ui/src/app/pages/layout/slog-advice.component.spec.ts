import { TestBed } from '@angular/core/testing';
import { Observable, Subject, throwError } from 'rxjs';

import { ApiValidationError, FailedJobError } from '../../api/api-errors';
import { Job } from '../../api/models/job';
import { BoxStore } from '../../stores/box.store';
import { fakeJob, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from '../../testing/roles';
import { SlogAdviceComponent } from './slog-advice.component';
import { SlogAnswer } from './slog-advice';

const WRITE_ROLES = ['SYSTEM_ADVANCED_WRITE'];
/** Testing an SSD erases it: Full admin, as a reboot. */
const FULL_ADMIN_ROLES = ['FULL_ADMIN'];

function fakeSlogAnswer(part: Partial<SlogAnswer> = {}): SlogAnswer {
  return {
    dataset: 'tank/vms', pool: 'tank',
    with_log: { iops: 212.4, latency_p50_ns: 4_620_000, latency_p99_ns: 9_100_000 },
    without_log: { iops: 5530, latency_p50_ns: 170_000, latency_p99_ns: 410_000 },
    headroom: 26.04,
    load: { seconds: 30.1, commits_per_second: 412.3, records_per_second: 500, bytes_per_second: 2.5e6, to_log_device: false },
    log_devices: [], verdict: 'WORTH_IT', ssd_latency: [], stand_in: false,
    words: ['Sync writes of 4 KiB, one at a time: 212 a second with the intent log as the pool has it.',
      'A log device could raise sync writes up to 26.0× here; a real one adds its own write latency back.'],
    ...part,
  };
}

const progress = (description: string, percent = 30): Job =>
  fakeJob({ id: 21, method: 'tuning.advice.slog', abortable: true, progress: { percent, description, extra: null } });
const done = (answer: SlogAnswer): Job => ({ ...progress('Sync writes: 212/s now, 5,530/s without the log', 100), state: 'SUCCESS', result: answer });

/** A box whose datasets are on ZFS (the fixture's own is the sandbox, whose datasets are plain directories). */
const onZfs = (): ReturnType<typeof fakeProfile> => ({ ...fakeProfile(), backend: 'truenas' });

async function renderAdvice(job: (params: unknown[]) => Observable<Job>, { roles = WRITE_ROLES, state = fakeState(), profile = onZfs() }:
  { roles?: readonly string[]; state?: ReturnType<typeof fakeState>; profile?: ReturnType<typeof fakeProfile> } = {}) {
  const { api, providers } = mockApi((m: MockApiService) => {
    m.mockCall('tuning.profile', profile).mockCall('tuning.state', state).mockJob('tuning.advice.slog', job);
  });
  const view = await render(SlogAdviceComponent, [...providers, provideRoles(roles)], () => TestBed.inject(BoxStore).load());
  return { api, ...view };
}

/** Each job as it is answered: the answer as its last row. */
const answering = (answer: SlogAnswer) => () => new Observable<Job>((s) => {
  s.next(progress("Watching the box's own sync writes: 3 of 30 s", 7));
  s.next(done(answer));
  s.complete();
});

describe('SlogAdviceComponent', () => {
  it('says what it will do to the box before it starts, then measures the chosen dataset within the limits typed; progress in words and Stop', async () => {
    const rows = new Subject<Job>();
    const { api, q, choose, type, options, settle } = await renderAdvice(() => rows);
    expect(options('select-slog-dataset').map((o) => o.value)).toEqual(['tank', 'tank/vms']);
    expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);   // nothing chosen yet
    await choose('select-slog-dataset', 'tank/vms');
    expect(q('text-slog-effects')!.textContent).toContain(
      'Takes about 3 minutes: watches the box’s own sync writes for 30 s, then writes 4 KiB synchronous blocks within a 256 MiB file, '
      + '3 times for 15 s with the intent log and 3 times without, in a scratch dataset it creates under tank/vms and removes with the file '
      + 'afterwards; turns sync off on that scratch dataset only, never on your data; the box is busy meanwhile (no apply or benchmark).');
    q('summary-slog-limits')!.click();
    await type('input-slog-window', '60');
    await type('input-slog-runtime', '30');
    expect(q('details-slog-limits')!.textContent).toContain('0 to 600; empty: 30');
    expect(q('details-slog-limits')!.textContent).toContain('2 to 120; empty: 15');
    expect(q('text-slog-effects')!.textContent).toContain('Takes about 5 minutes: watches the box’s own sync writes for 1 min,');
    expect(q('text-slog-effects')!.textContent).toContain('3 times for 30 s with the intent log and 3 times without');
    q('button-slog-start')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.slog')).toEqual([[{ dataset: 'tank/vms', window_seconds: 60, runtime_seconds: 30 }]]);
    expect(q('text-slog-progress-words')!.textContent).toContain('Starting…');
    expect(q<HTMLButtonElement>('button-slog-stop')!.disabled).toBe(true);   // no job id yet

    rows.next(progress('Sync writes with the intent log: run 2 of 3', 45));
    await settle();
    expect(q('text-slog-progress-words')!.textContent).toBe('Sync writes with the intent log: run 2 of 3');
    expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);
    q('button-slog-stop')!.click();
    await settle();
    expect(api.callsOf('core.job_abort')).toEqual([[21]]);
    rows.error(new FailedJobError(fakeJob({ id: 21, state: 'ABORTED', error: 'aborted' })));
    await settle();
    expect(q('text-slog-running')).toBeNull();
    expect(q('text-slog-stopped')!.textContent).toContain('Stopped before the measurements ended');
    expect(q('text-slog-error')).toBeNull();
  });

  it('leaves the limits to the server when none is typed', async () => {
    const { api, q, choose, settle } = await renderAdvice(() => new Subject<Job>());
    await choose('select-slog-dataset', 'tank');
    q('button-slog-start')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.slog')).toEqual([[{ dataset: 'tank' }]]);
  });

  it('locks Measure for a read-only user, naming the role it needs; nothing starts, not even by Enter', async () => {
    const { api, q, el, choose, settle } = await renderAdvice(() => new Subject<Job>(), { roles: READ_ONLY_ROLES });
    await choose('select-slog-dataset', 'tank/vms');
    expect(controlState(el, 'button-slog-start'))
      .toEqual({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE', says: 'Needs the System advanced write role' });
    q('button-slog-start')!.click();
    q('form-slog-form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(api.callsOf('tuning.advice.slog')).toEqual([]);
    expect(q('text-slog-running')).toBeNull();
  });

  it('answers in words: the verdict, both measurements in writes a second and waits, the box’s own load, the server’s sentences', async () => {
    const { q, choose, settle } = await renderAdvice(answering(fakeSlogAnswer()));
    await choose('select-slog-dataset', 'tank/vms');
    q('button-slog-start')!.click();
    await settle();
    expect(q('text-slog-headline')!.textContent!.trim()).toBe('A log device could help: up to 26× faster sync writes');
    const withLog = q('row-slog-side-with-log')!.textContent!;
    expect(withLog).toContain('With the intent log, as the pool has it');
    expect(withLog).toContain('212');
    expect(withLog).toContain('4.62 ms');
    expect(withLog).toContain('9.10 ms');
    const withoutLog = q('row-slog-side-without-log')!.textContent!;
    expect(withoutLog).toContain('sync off on the scratch dataset');
    expect(withoutLog).toContain('5,530');
    expect(withoutLog).toContain('170 µs');
    expect(withoutLog).toContain('410 µs');
    expect(q('text-slog-load')!.textContent).toBe('The box’s own sync writes over 30 s: 412 commits a second, 2.50 MB/s of log records.');
    expect(q('text-slog-log-devices')!.textContent).toBe('tank has no log device now.');
    expect(q('list-slog-words')!.textContent).toContain('A log device could raise sync writes up to 26.0× here');
    const texts = [...q('section-slog-answer')!.querySelectorAll('td, th, li, p')].map((e) => e.textContent!.trim());
    expect(texts.filter((t) => /\d{5,}|\b[A-Z]+_[A-Z_]+\b|_ns\b|iops/.test(t))).toEqual([]);   // no raw figures, keys or enums
  });

  it('says when a log device would not help: nothing here writes synchronously', async () => {
    const quiet = fakeSlogAnswer({ verdict: 'NO_SYNC_LOAD', load: { seconds: 30, commits_per_second: 0.1, records_per_second: 0.1,
      bytes_per_second: 0, to_log_device: false } });
    const { q, choose, settle } = await renderAdvice(answering(quiet));
    await choose('select-slog-dataset', 'tank/vms');
    q('button-slog-start')!.click();
    await settle();
    expect(q('text-slog-headline')!.textContent!.trim()).toBe('A log device would not help now: nothing here writes synchronously');
    expect(q('text-slog-load')!.textContent).toContain('0.100 commits a second');
  });

  it('says the headroom alone when the box’s own load is not known, and the log device the pool has', async () => {
    const { q, choose, settle } = await renderAdvice(answering(fakeSlogAnswer({ verdict: 'UNKNOWN_LOAD', headroom: 3.42, load: null,
      log_devices: ['nvme0n1'] })));
    await choose('select-slog-dataset', 'tank/vms');
    q('button-slog-start')!.click();
    await settle();
    expect(q('text-slog-headline')!.textContent!.trim()).toBe('Up to 3.4× — the box’s own sync load is not known');
    expect(q('text-slog-load')!.textContent).toContain('not known');
    expect(q('text-slog-log-devices')!.textContent).toBe('tank has a log device now: nvme0n1.');
  });

  it('shows the server’s refusal under the field it names, and a refused limit with “Limits” opened', async () => {
    const { q, choose, settle } = await renderAdvice(() => throwError(() => new ApiValidationError([
      { attribute: 'options.dataset', message: 'tank/vms is not on ZFS: a log device is a ZFS pool\'s, and there is no intent log to measure here.', errno: 22 },
      { attribute: 'tuning.advice.slog.options.runtime_seconds', message: 'Input should be less than or equal to 120', errno: 22 },
    ])));
    await choose('select-slog-dataset', 'tank/vms');
    q('button-slog-start')!.click();
    await settle();
    expect(q('text-error-slog-dataset')!.textContent)
      .toBe('Dataset: tank/vms is not on ZFS: a log device is a ZFS pool\'s, and there is no intent log to measure here.');
    expect(q('text-error-slog-runtime')!.textContent).toBe('Each measurement (seconds): must be at most 120');
    expect(q<HTMLDetailsElement>('details-slog-limits')!.open).toBe(true);
    expect(q('text-slog-error')).toBeNull();
    expect(q('section-slog-answer')).toBeNull();
  });

  it('says up front, before any choice, that the sandbox cannot measure a dataset; Measure stays off until an SSD is ready', async () => {
    const { q, settle } = await renderAdvice(() => throwError(() => new Error('not asked here')), { profile: fakeProfile(), roles: FULL_ADMIN_ROLES });
    const tick = async (id: string) => { q(id)!.querySelector<HTMLInputElement>('input')!.click(); await settle(); };
    expect(q('text-slog-cannot-measure')!.textContent!.trim()).toBe(
      'The sandbox cannot measure a dataset: its datasets are plain directories, with no intent log. Only an unused SSD below can be tested (a file stands in for it).');
    expect(q('select-slog-dataset')!.getAttribute('aria-disabled')).toBe('true');
    const start = q<HTMLButtonElement>('button-slog-start')!;
    expect(start.disabled).toBe(true);
    expect(start.getAttribute('aria-describedby')).toBe('slog-cannot-measure');
    expect(q('text-slog-effects')!.textContent!.trim())
      .toBe('Nothing to measure until an unused SSD is ticked: the sandbox cannot measure a dataset.');
    await tick('checkbox-slog-ssd-nvme0n1');
    await tick('checkbox-slog-ssd-erase-nvme0n1');
    expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(false);
    expect(q('text-slog-effects')!.textContent).toContain('Takes about 20 s: writes 4 KiB blocks, each synchronously, from the start of nvme0n1');
  });

  it('spends the consent to erase on the run it starts: measuring the SSD again asks again', async () => {
    const { q, settle, api } = await renderAdvice(answering(fakeSlogAnswer({ stand_in: true })),
      { profile: fakeProfile(), roles: FULL_ADMIN_ROLES });
    const tick = async (id: string) => { q(id)!.querySelector<HTMLInputElement>('input')!.click(); await settle(); };
    await tick('checkbox-slog-ssd-nvme0n1');
    await tick('checkbox-slog-ssd-erase-nvme0n1');
    q<HTMLButtonElement>('button-slog-start')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.slog').length).toBe(1);
    expect(q('checkbox-slog-ssd-erase-nvme0n1')!.querySelector<HTMLInputElement>('input')!.checked).toBe(false);
    expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);
    q<HTMLButtonElement>('button-slog-start')!.click();
    await settle();
    expect(api.callsOf('tuning.advice.slog').length).toBe(1);
  });

  it('says the sandbox can measure nothing when it has no unused SSD either', async () => {
    const { q } = await renderAdvice(() => throwError(() => new Error('not asked here')), { profile: { ...fakeProfile(), unused_disks: [] } });
    expect(q('text-slog-cannot-measure')!.textContent!.trim()).toBe(
      'The sandbox cannot measure anything here: its datasets are plain directories, with no intent log, and it has no unused SSD to test. Measure stays off.');
    expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);
  });

  it('says the box reports no datasets in a dataset list that would open empty', async () => {
    const { options } = await renderAdvice(() => throwError(() => new Error('not asked here')), { profile: { ...onZfs(), pools: [] } });
    expect(options('select-slog-dataset').map((o) => [o.text, o.disabled])).toEqual([['This box reports no datasets.', true]]);
  });

  it('says nothing up front on a box whose datasets are on ZFS', async () => {
    const { q } = await renderAdvice(() => throwError(() => new Error('not asked here')));
    expect(q('text-slog-cannot-measure')).toBeNull();
    expect(q('select-slog-dataset')!.getAttribute('aria-disabled')).toBe('false');
  });

  it('promises no time while a limit is out of its bounds', async () => {
    const { q, choose, type } = await renderAdvice(() => throwError(() => new Error('not asked here')));
    await choose('select-slog-dataset', 'tank/vms');
    expect(q('text-error-slog-dataset')).toBeNull();
    q('summary-slog-limits')!.click();
    await type('input-slog-window', '700');
    expect(q('text-slog-effects')!.textContent!.trim())
      .toBe('Measure would be refused, writing nothing: a limit is outside the bounds said under it.');
    await type('input-slog-window', '600');
    expect(q('text-slog-effects')!.textContent).toContain('Takes about 12 minutes:');
  });

  it('says a busy box’s refusal as a plain sentence, naming the job that holds it', async () => {
    const busy = new FailedJobError(fakeJob({
      id: 21, method: 'tuning.advice.slog', state: 'FAILED',
      error: '[EBUSY] tuning.benchmark.run (job 4) is running', exc_info: { type: 'CallError', errno: 16, extra: null },
    }));
    const { q, choose, settle } = await renderAdvice(() => throwError(() => busy));
    await choose('select-slog-dataset', 'tank/vms');
    q('button-slog-start')!.click();
    await settle();
    const text = q('text-slog-error')!.textContent!;
    expect(text).toContain('The box is busy with a benchmark or an apply: measuring now would disturb it');
    expect(text).not.toContain('EBUSY');
    expect(text).not.toContain('tuning.');
  });

  it('waits while the box is busy, saying with what', async () => {
    const { q, choose } = await renderAdvice(() => new Subject<Job>(),
      { state: fakeState({ busy: { job_id: 4, method: 'tuning.benchmark.run' } }) });
    await choose('select-slog-dataset', 'tank/vms');
    expect(q('text-slog-busy-now')!.textContent).toContain('The box is busy: Benchmark.');
    expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);
  });

  describe('unused SSDs', () => {
    const withDisks = () => {
      const profile = fakeProfile();
      const base = profile.unused_disks[0];
      profile.unused_disks = [base, { ...base, name: 'sdi', kind: 'HDD', serial: 'S2' }, { ...base, name: 'sdj', kind: 'SSD', serial: 'S3' }];
      return profile;
    };
    const tick = (el: HTMLElement | null) => el!.querySelector<HTMLInputElement>('input')!.click();
    const ssdAnswer = fakeSlogAnswer({
      dataset: null, pool: null, with_log: null, without_log: null, headroom: null, load: null, verdict: null, stand_in: false,
      ssd_latency: [{ disk: 'nvme0n1', iops: 12000.4, latency_p50_ns: 79_872, latency_p99_ns: 211_968, written_bytes: 4096 * 180_006, error: null },
        { disk: 'sdj', iops: null, latency_p50_ns: null, latency_p99_ns: null, written_bytes: null, error: 'fio reported error 5' }],
      words: ['nvme0n1 adds about 79.9 µs per synchronous write (p99 212 µs): as a log device, sync writes one at a time could reach about 12,000 a second.',
        'sdj: no figure (fio reported error 5).'],
    });

    it('offers only the unused SSDs, warns that a test erases the disk, and sends one only once its erasure is ticked', async () => {
      const { api, q, all, settle } = await renderAdvice(answering(ssdAnswer), { profile: withDisks(), roles: FULL_ADMIN_ROLES });
      expect(all('checkbox-slog-ssd-').filter((e) => !e.getAttribute('data-test')!.includes('erase')).map((e) => e.getAttribute('data-test')))
        .toEqual(['checkbox-slog-ssd-nvme0n1', 'checkbox-slog-ssd-sdj']);   // the unused hard disk is not offered
      expect(q('text-slog-ssd-warning')!.textContent).toContain('writes over the start of the disk, its partition table included: treat everything on it as erased.');
      // named by model and serial too: device names change between boots
      expect(q('checkbox-slog-ssd-nvme0n1')!.textContent).toContain('Test nvme0n1 (512 GiB NVMe, Fast, serial S1)');
      expect(q('checkbox-slog-ssd-erase-nvme0n1')).toBeNull();
      tick(q('checkbox-slog-ssd-nvme0n1'));
      await settle();
      // the tick names the disk by model and serial and says it erases
      expect(q('checkbox-slog-ssd-erase-nvme0n1')!.textContent).toContain('I understand: testing nvme0n1 (512 GiB NVMe, Fast, serial S1) writes over its start and erases everything on it.');
      expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);   // chosen, not yet ticked as erased
      // what is written, where, how much and for how long, with the time the server reckons (15 s and its set-up)
      expect(q('text-slog-effects')!.textContent!.trim()).toBe(
        'Takes about 20 s: writes 4 KiB blocks, each synchronously, from the start of nvme0n1 (512 GiB NVMe, Fast, serial S1) for 15 s, '
        + 'never past its first 16 GiB. Whatever is on it is destroyed: its partition table and file systems are overwritten, so treat '
        + 'the whole disk as erased. The box is busy meanwhile (no apply or benchmark).');
      q('form-slog-form')!.dispatchEvent(new Event('submit', { cancelable: true }));
      await settle();
      expect(api.callsOf('tuning.advice.slog')).toEqual([]);
      tick(q('checkbox-slog-ssd-erase-nvme0n1'));
      tick(q('checkbox-slog-ssd-sdj'));
      await settle();
      expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);   // sdj is not ticked yet
      tick(q('checkbox-slog-ssd-erase-sdj'));
      await settle();
      expect(q('text-slog-effects')!.textContent).toContain('Takes about 40 s: writes 4 KiB blocks, each synchronously, from the start of ');
      expect(q('text-slog-effects')!.textContent).toContain('one disk after the other, for 15 s each, never past the first 16 GiB of each. Whatever is on them is destroyed');
      expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(false);
      q('button-slog-start')!.click();
      await settle();
      expect(api.callsOf('tuning.advice.slog')).toEqual([[{ ssd_disks: ['nvme0n1', 'sdj'] }]]);
    });

    it('asks again for the erase tick of a disk chosen, dropped and chosen again', async () => {
      const { q, settle } = await renderAdvice(() => new Subject<Job>(), { roles: FULL_ADMIN_ROLES });
      tick(q('checkbox-slog-ssd-nvme0n1'));
      await settle();
      tick(q('checkbox-slog-ssd-erase-nvme0n1'));
      tick(q('checkbox-slog-ssd-nvme0n1'));
      await settle();
      tick(q('checkbox-slog-ssd-nvme0n1'));
      await settle();
      expect(q('checkbox-slog-ssd-erase-nvme0n1')!.querySelector<HTMLInputElement>('input')!.checked).toBe(false);
      expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);
    });

    it('shows each SSD’s figures in a table, in writes a second and waits, and why one has none', async () => {
      const { q, settle } = await renderAdvice(answering(ssdAnswer), { profile: withDisks(), roles: FULL_ADMIN_ROLES });
      tick(q('checkbox-slog-ssd-nvme0n1'));
      await settle();
      tick(q('checkbox-slog-ssd-erase-nvme0n1'));
      await settle();
      q('button-slog-start')!.click();
      await settle();
      expect(q('text-slog-headline')!.textContent!.trim()).toBe('What each SSD would add to every sync write');
      expect(q('table-slog-sides')).toBeNull();   // no dataset was measured
      const row = q('row-slog-ssd-result-nvme0n1')!.textContent!;
      expect(row).toContain('nvme0n1 (512 GiB NVMe, Fast, serial S1)');
      expect(row).toContain('12,000');
      expect(row).toContain('79.9 µs');
      expect(row).toContain('212 µs');
      expect(row).toContain('703 MiB');   // written over its start
      expect(q('section-slog-answer')!.textContent).toContain('from the start of each disk, never past its first 16 GiB');
      expect(q('row-slog-ssd-result-sdj')!.textContent).toContain('No figure: fio reported error 5');
      expect(q('list-slog-words')!.textContent).toContain('nvme0n1 adds about 79.9 µs per synchronous write');
      const texts = [...q('section-slog-answer')!.querySelectorAll('td, th')].map((e) => e.textContent!.trim());
      expect(texts.filter((t) => /\d{5,}|_ns\b|iops/.test(t))).toEqual([]);
    });

    it('locks the SSD choice for a read-only user, naming Full admin', async () => {
      const { el } = await renderAdvice(() => new Subject<Job>(), { roles: READ_ONLY_ROLES });
      expect(controlState(el, 'checkbox-slog-ssd-nvme0n1'))
        .toEqual({ disabled: true, needs: 'FULL_ADMIN', says: 'Needs the Full admin role' });
    });

    it('tells the write role on the sandbox that the only thing it could measure needs Full admin', async () => {
      const { q } = await renderAdvice(() => new Subject<Job>(), { roles: WRITE_ROLES, profile: fakeProfile() });
      expect(q('text-slog-cannot-measure')!.textContent!.trim()).toBe(
        'The sandbox cannot measure a dataset: its datasets are plain directories, with no intent log. Only an unused SSD below can be tested, which needs the Full admin role. Measure stays off.');
      expect(q<HTMLButtonElement>('button-slog-start')!.disabled).toBe(true);
    });

    it('locks the SSD choice, not Measure, for the write role: erasing a disk asks what a reboot does', async () => {
      const { el } = await renderAdvice(() => new Subject<Job>(), { roles: WRITE_ROLES });
      expect(controlState(el, 'checkbox-slog-ssd-nvme0n1'))
        .toEqual({ disabled: true, needs: 'FULL_ADMIN', says: 'Needs the Full admin role' });
      expect(controlState(el, 'button-slog-start').needs).toBeNull();
    });
  });
});
