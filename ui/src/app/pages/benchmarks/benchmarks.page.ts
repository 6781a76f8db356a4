import { ChangeDetectionStrategy, Component } from '@angular/core';

@Component({ selector: 'tp-benchmarks-page', changeDetection: ChangeDetectionStrategy.OnPush, template: '' })
export class BenchmarksPage {}
