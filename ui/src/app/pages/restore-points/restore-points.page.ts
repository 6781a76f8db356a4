import { ChangeDetectionStrategy, Component } from '@angular/core';

@Component({ selector: 'tp-restore-points-page', changeDetection: ChangeDetectionStrategy.OnPush, template: '' })
export class RestorePointsPage {}
