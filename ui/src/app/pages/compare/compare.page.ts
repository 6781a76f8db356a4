import { ChangeDetectionStrategy, Component } from '@angular/core';

@Component({ selector: 'tp-compare-page', changeDetection: ChangeDetectionStrategy.OnPush, template: '' })
export class ComparePage {}
