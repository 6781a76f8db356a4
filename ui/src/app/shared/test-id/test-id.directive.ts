import { Directive, ElementRef, computed, inject, input, isDevMode } from '@angular/core';

import { TestIdDescription, testId, testIdKind } from './test-id';

/**
 * `<button tpTest="save">` -> `data-test="button-save"`; `[tpTest]="['net-row', r.id]"` on a `<tr>` ->
 * `row-net-row-3`. The kind comes from the tag (test-id.ts); a tag without one throws in development, so a new
 * kind of element is given a word here before it ships (the test-ids spec checks every template statically too),
 * and gets its tag name in production rather than breaking the page.
 */
@Directive({ selector: '[tpTest]', host: { '[attr.data-test]': 'id()' } })
export class TestIdDirective {
  readonly tpTest = input.required<TestIdDescription>();

  private readonly tag = inject<ElementRef<Element>>(ElementRef).nativeElement.tagName;
  private readonly kind = testIdKind(this.tag) ?? this.unknown();

  protected readonly id = computed(() => testId(this.kind, this.tpTest()));

  private unknown(): string {
    if (isDevMode()) {
      throw new Error(`tpTest: no kind for <${this.tag.toLowerCase()}>; add one in shared/test-id/test-id.ts`);
    }
    return this.tag.toLowerCase();
  }
}
