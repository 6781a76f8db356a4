import { COMPARE_SAMPLE } from '../../testing/compare-sample';
import { fakeBenchmark } from '../../testing/fixtures';
import { render } from '../../testing/render';
import { resultTiles } from './result-tiles';
import { TileGridComponent } from './tile-grid.component';

async function grid(tiles = COMPARE_SAMPLE.tiles) {
  return render(TileGridComponent, [], undefined, { tiles });
}

describe('TileGridComponent', () => {
  it('shows per test each result as a big number in human units with its latency and the verdict in words', async () => {
    const { q } = await grid();
    const seq = q('section-tile-seq-write-write-bw-bytes')!;
    expect(seq.querySelector('h3')!.textContent).toBe('Sequential write 1 MiB');
    const values = [...seq.querySelectorAll('[data-test="text-tile-value"]')];
    expect(values.map((v) => v.querySelector('.big')!.textContent)).toEqual(['400', '480', '480']);
    expect(values[0].textContent).toContain('MB/s');
    expect(values[0].textContent).toMatch(/\d MB\/s/);   // a number and its unit are two words, as everywhere else
    expect(values[0].textContent).toContain('before (baseline)');
    expect(values[0].textContent).toContain('latency p50 1.40\u00a0ms · p99 3.50\u00a0ms');
    expect(values[0].querySelector('[data-test="text-tile-change"]')).toBeNull();
    expect(values[1].querySelector('[data-test="text-tile-change"]')!.textContent).toBe('+20.0 % · better');
    expect((values[1] as HTMLElement).style.borderColor).not.toBe('');
  });

  it('says too few runs for a verdict, with no percentage, interval or p', async () => {
    const { q } = await grid();
    const few = [...q('section-tile-seq-write-write-bw-bytes')!.querySelectorAll('[data-test="text-tile-change"]')][1].textContent!;
    expect(few).toBe('too few runs for a verdict (need 5 per side)');
    expect(few).not.toMatch(/%|…|\bp\b/);
  });

  it('shows a read the ARC answered from RAM muted, as too few runs are: its change in words, not judged', async () => {
    const [tile] = COMPARE_SAMPLE.tiles;
    const fromRam = { ...tile.values[1], configuration_id: 4, label: 'warm ARC',
      change: { ratio: 1.3, verdict: 'FROM_RAM', words: '+30.0 % · from RAM, not judged' } };
    const { q } = await grid([{ ...tile, values: [...tile.values, fromRam] }]);
    const changes = [...q('section-tile-seq-write-write-bw-bytes')!.querySelectorAll<HTMLElement>('[data-test="text-tile-change"]')];
    expect(changes.map((c) => c.textContent)).toEqual(
      ['+20.0 % · better', 'too few runs for a verdict (need 5 per side)', '+30.0 % · from RAM, not judged']);
    const colour = (c: HTMLElement) => getComputedStyle(c).color;
    expect(colour(changes[2])).toBe(colour(changes[1]));   // muted, as too few runs
    expect(colour(changes[2])).not.toBe(colour(changes[0]));
  });

  it('shows one stored result the same way, without naming it on every tile', async () => {
    const tiles = resultTiles(fakeBenchmark());
    expect(tiles.map((t) => [t.title, t.values[0].number, t.values[0].unit_word, t.values[0].latency])).toEqual([
      ['Sequential write 1 MiB', '400', 'MB/s', 'latency p50 1.40 ms · p99 3.50 ms'],
      ['Random read 4 KiB', '12,000', 'IOPS', 'latency p50 90.0 µs · p99 450 µs'],
    ]);
    const { all, el } = await grid(tiles);
    expect(all('section-tile-').filter((t) => t.tagName === 'SECTION').length).toBe(2);
    expect(el.textContent).not.toContain('baseline');
  });
});
