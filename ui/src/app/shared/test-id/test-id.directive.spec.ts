import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { kebab, testId, testIdKind } from './test-id';
import { TestIdDirective } from './test-id.directive';

describe('testId (pure)', () => {
  it('puts the kind first, then the parts kebab-cased, dropping null, undefined and empty parts', () => {
    expect(testId('button', 'save')).toBe('button-save');
    expect(testId('row', ['net-row', 3])).toBe('row-net-row-3');
    expect(testId('cell', ['plan', null, undefined, '', 'zfs_arc_max'])).toBe('cell-plan-zfs-arc-max');
    expect(testId('text', ['tile', 'SEQ_WRITE:write_bw_bytes'])).toBe('text-tile-seq-write-write-bw-bytes');
    expect(testId('select', 'workingSet')).toBe('select-working-set');
    expect(testId('text', 0)).toBe('text-0');
  });

  it('gives no id when no part is left', () => {
    expect(testId('button', null)).toBeNull();
    expect(testId('button', [undefined, ''])).toBeNull();
    expect(testId('button', [])).toBeNull();
  });

  it('kebab-cases keeping digits with their letters', () => {
    expect(kebab('RAND_READ_4K')).toBe('rand-read-4k');
    expect(kebab('nvme0n1')).toBe('nvme0n1');
    expect(kebab('vm.dirty_ratio')).toBe('vm-dirty-ratio');
    expect(kebab('someHTMLThing')).toBe('some-html-thing');
    expect(kebab('--a  b--')).toBe('a-b');
  });

  it('names the kind by tag as TrueNAS does, and the panel’s other elements', () => {
    const kinds = ['tr', 'mat-slide-toggle', 'mat-checkbox', 'mat-button-toggle-group', 'input', 'a', 'div', 'p',
      'span', 'TD', 'details', 'mat-paginator', 'li', 'h2', 'circle'].map(testIdKind);
    expect(kinds).toEqual(['row', 'toggle', 'checkbox', 'button-toggle-group', 'input', 'link', 'text', 'text',
      'text', 'cell', 'details', 'paginator', 'item', 'heading', 'shape']);
    expect(testIdKind('em')).toBeNull();
  });
});

@Component({
  imports: [TestIdDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <button tpTest="save">Save</button>
    <table><tr [tpTest]="['net-row', id()]"><td [tpTest]="shown() ? ['client-os', id()] : null">x</td></tr></table>
    <ul><li [tpTest]="['bench', 'test', 'SEQ_READ']">y</li></ul>
  `,
})
class Host {
  readonly id = signal(3);
  readonly shown = signal(true);
}

@Component({ imports: [TestIdDirective], template: '<em tpTest="old">x</em>' })
class Unknown {}

describe('TestIdDirective', () => {
  it('binds data-test to <kind>-<parts> and follows its input', () => {
    const fixture = TestBed.createComponent(Host);
    fixture.detectChanges();
    const ids = () => [...(fixture.nativeElement as HTMLElement).querySelectorAll('[data-test]')]
      .map((e) => e.getAttribute('data-test'));
    expect(ids()).toEqual(['button-save', 'row-net-row-3', 'cell-client-os-3', 'item-bench-test-seq-read']);
    fixture.componentInstance.id.set(4);
    fixture.componentInstance.shown.set(false);
    fixture.detectChanges();
    expect(ids()).toEqual(['button-save', 'row-net-row-4', 'item-bench-test-seq-read']);
  });

  it('fails loudly in development on a tag that has no kind', () => {
    expect(() => TestBed.createComponent(Unknown)).toThrowError(/tpTest: no kind for <em>/);
  });
});
