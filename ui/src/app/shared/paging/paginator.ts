// The Material paginator in the reader's words, with a data-test id on each of its controls.
import { Directive, ElementRef, Injectable, Provider, afterEveryRender, computed, effect, inject, input } from '@angular/core';
import { MatPaginatorIntl } from '@angular/material/paginator';

import { T } from '../../i18n/translate-marker';
import { TranslateService } from '../../i18n/translate.service';
import { testId } from '../test-id/test-id';

/** The paginator's labels through the dictionary, again whenever the language changes. */
@Injectable()
export class TranslatedPaginatorIntl extends MatPaginatorIntl {
  private readonly translate = inject(TranslateService);

  constructor() {
    super();
    effect(() => {
      this.translate.language();
      const t = (text: string) => this.translate.instant(text);
      this.itemsPerPageLabel = t(T('Rows per page:'));
      this.nextPageLabel = t(T('Next page'));
      this.previousPageLabel = t(T('Previous page'));
      this.firstPageLabel = t(T('First page'));
      this.lastPageLabel = t(T('Last page'));
      this.changes.next();
    });
  }

  override getRangeLabel = (page: number, size: number, total: number): string => {
    if (total === 0) {
      return this.translate.instant(T('No rows'));
    }
    const start = page * size;
    const end = Math.min(start + size, total);
    return this.translate.instant(T('{first}–{last} of {total}'), { first: start + 1, last: end, total });
  };
}

/** For a page's component: its paginators speak the reader's language. */
export function providePaginatorWords(): Provider {
  return { provide: MatPaginatorIntl, useClass: TranslatedPaginatorIntl };
}

const CONTROLS: [selector: string, kind: string, suffix: string][] = [
  ['.mat-mdc-paginator-navigation-first', 'button', 'first'],
  ['.mat-mdc-paginator-navigation-previous', 'button', 'previous'],
  ['.mat-mdc-paginator-navigation-next', 'button', 'next'],
  ['.mat-mdc-paginator-navigation-last', 'button', 'last'],
  ['mat-select', 'select', 'size'],
];

/**
 * `<mat-paginator tpPaginatorIds="bench-history">`: the paginator gets the test id `paginator-bench-history`, its
 * buttons `button-bench-history-first`, `-previous`, `-next`, `-last` and its page-size select
 * `select-bench-history-size`, built as tpTest builds them (the browser tests find controls by data-test id;
 * Material's template has none, so they are set on its elements here).
 */
@Directive({ selector: 'mat-paginator[tpPaginatorIds]', host: { '[attr.data-test]': 'id()' } })
export class PaginatorIdsDirective {
  readonly tpPaginatorIds = input.required<string>();
  protected readonly id = computed(() => testId('paginator', this.tpPaginatorIds()));

  constructor() {
    const host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
    afterEveryRender(() => {
      for (const [selector, kind, suffix] of CONTROLS) {
        host.querySelector(selector)?.setAttribute('data-test', testId(kind, [this.tpPaginatorIds(), suffix])!);
      }
    });
  }
}
