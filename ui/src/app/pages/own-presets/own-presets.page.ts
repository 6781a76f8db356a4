import { ChangeDetectionStrategy, Component } from '@angular/core';

@Component({ selector: 'tp-own-presets-page', changeDetection: ChangeDetectionStrategy.OnPush, template: '' })
export class OwnPresetsPage {}
