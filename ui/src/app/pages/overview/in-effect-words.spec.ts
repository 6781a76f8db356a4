import { writeBufferNote } from './in-effect-words';

describe('writeBufferNote', () => {
  it('says which write buffer setting wins only where both are in effect', () => {
    const note = writeBufferNote([{ setting: 'zfs_dirty_data_max' }, { setting: 'zfs_dirty_data_max_percent' }]);
    expect(note!.key).toContain('the size ({bytes}) is what applies while the box runs');
    expect(note!.key).toContain('after a reboot the % of RAM decides unless the size is set again');
    expect(note!.params).toEqual({ bytes: 'zfs_dirty_data_max', percent: 'zfs_dirty_data_max_percent' });
    expect(writeBufferNote([{ setting: 'zfs_dirty_data_max_percent' }, { setting: 'zfs_arc_max' }])).toBeNull();
    expect(writeBufferNote([])).toBeNull();
  });
});
