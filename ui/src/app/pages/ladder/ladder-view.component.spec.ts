import { provideRouter } from '@angular/router';

import { Ladder } from '../../api/models/tuning-ladder';
import { fakeLadder, fakeLayer } from '../../testing/ladder-fixtures';
import { render } from '../../testing/render';
import { LadderViewComponent } from './ladder-view.component';

const SYNC_OFF = {
  kind: 'DATASET_PROPERTY' as const, setting: 'sync', name: 'Synchronous writes', scope: 'tank/media',
  value: 'DISABLED', words: 'Synchronous writes Disabled on tank/media: not safe on power loss',
};
const NO_FLUSH = {
  kind: 'ZFS_PARAMETER' as const, setting: 'zfs_nocacheflush', name: 'Skip disk cache flushes', scope: 'global',
  value: '1', words: 'Skip disk cache flushes on: not safe on power loss',
};

function ladderWithPool(pool: Parameters<typeof fakeLayer>[0]): Ladder {
  const ladder = fakeLadder();
  return { ...ladder, layers: ladder.layers.map((l) => (l.layer === 'POOL' ? fakeLayer(pool) : l)) };
}

const renderView = (ladder: Ladder) => render(LadderViewComponent, [provideRouter([])], undefined, { ladder });

describe('LadderViewComponent', () => {
  it('tags the pool row measured with writes not safe on power loss, naming each setting', async () => {
    const { q, all } = await renderView(ladderWithPool({ data_loss_settings: [SYNC_OFF, NO_FLUSH] }));
    const tag = q('text-ladder-data-loss')!;
    expect(tag.textContent!.trim()).toBe('Not safe on power loss');
    expect(tag.classList).toContain('DANGEROUS');
    const words = `${SYNC_OFF.words}; ${NO_FLUSH.words}`;
    expect(tag.title).toBe(words);
    expect(q('text-ladder-data-loss-words')!.textContent!.trim()).toBe(words);
    expect(q('row-ladder-row-pool')!.contains(tag)).toBe(true);
    expect(all('text-ladder-data-loss-words')).toHaveLength(1);   // one tag however many settings
  });

  it('names the settings once in the row when the note already says it: the tag’s title holds them', async () => {
    const note = 'Measured with Synchronous writes Disabled on tank/media: not safe on power loss; without it writes '
      + 'may be slower.';
    const { q, el } = await renderView(ladderWithPool({ data_loss_settings: [SYNC_OFF], note }));
    expect(q('text-ladder-data-loss')!.title).toBe(SYNC_OFF.words);
    expect(q('text-ladder-data-loss-words')).toBeNull();
    expect(q('row-ladder-row-pool')!.textContent!.split('not safe on power loss').length - 1).toBe(1);
    expect(el.textContent).toContain('Not safe on power loss');
  });

  // none recorded, the result does not tell, an older server
  it.each([[[]], [null], [undefined]])('has no tag when the pool’s data_loss_settings is %j', async (settings) => {
    const { q } = await renderView(ladderWithPool({ data_loss_settings: settings }));
    expect(q('row-ladder-row-pool')).not.toBeNull();
    expect(q('text-ladder-data-loss')).toBeNull();
  });

  it('tags only the pool layer', async () => {
    const ladder = fakeLadder();
    ladder.layers = ladder.layers.map((l) => (l.layer === 'NETWORK' ? { ...l, data_loss_settings: [SYNC_OFF] } : l));
    const { q } = await renderView(ladder);
    expect(q('text-ladder-data-loss')).toBeNull();
  });
});
