import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { RouterLink } from '@angular/router';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { formatBytes, formatValue } from '../../shared/format';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';

/** The box as tuning sees it, the active preset and drift. */
@Component({
  selector: 'tp-overview-page',
  imports: [TranslatePipe, RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './overview.page.html',
  styles: `
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
    dt { color: var(--fg2); }
    dd { margin: 0; }
  `,
})
export class OverviewPage {
  protected readonly box = inject(BoxStore);
  protected readonly presets = inject(PresetsStore);
  protected readonly bytes = formatBytes;
  protected readonly value = formatValue;
  protected readonly activeName = computed(() => this.presets.nameOf(this.box.state()?.active?.preset));
  protected readonly activeTarget = computed(() => {
    const target = this.box.state()?.active?.target as { pool?: string; dataset?: string } | undefined;
    return target ? target.dataset ?? target.pool ?? '' : '';
  });
}
