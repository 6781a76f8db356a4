import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';

import { TranslatePipe } from '../../i18n/translate.pipe';
import { TuningStateInEffect } from '../../api/models/tuning-profile';
import { T } from '../../i18n/translate-marker';
import { formatBytes, formatDateTime, formatValue } from '../../shared/format';
import { DismissedNotices, mergeNotices } from '../../shared/notices';
import { RISK_WORDS } from '../../shared/plan-words';
import { SettingValueComponent } from '../../shared/setting-value.component';
import { DISK_KIND_WORDS, poolStatusWords } from '../../shared/state-words';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';

/**
 * The box as tuning sees it and what tuning has done to it: every setting it changed that is still in effect
 * (DANGEROUS ones first, in words, each with the restore point that undoes it), the latest preset, and drift.
 */
@Component({
  selector: 'tp-overview-page',
  imports: [MatButton, MatCard, TranslatePipe, RouterLink, SettingValueComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './overview.page.html',
  styles: `
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
    dt { color: var(--fg2); }
    dd { margin: 0; }
    .small { font-size: 0.9em; }
    tr.DANGEROUS td { background: var(--danger-bg); }
    [data-test="dangerous-in-effect"] p { margin: 6px 0 0; }
    .notice { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
  `,
})
export class OverviewPage {
  protected readonly box = inject(BoxStore);
  protected readonly presets = inject(PresetsStore);
  protected readonly bytes = formatBytes;
  protected readonly value = formatValue;
  protected readonly date = formatDateTime;
  protected readonly riskWords = RISK_WORDS;
  protected readonly diskKindWords = DISK_KIND_WORDS;
  protected readonly poolStatus = poolStatusWords;
  /** Already ordered by the server: DANGEROUS, then CAUTION, then SAFE. */
  protected readonly inEffect = computed(() => this.box.state()?.in_effect ?? []);
  protected readonly dangerous = computed(() => this.inEffect().filter((row) => row.risk === 'DANGEROUS'));
  protected readonly restorePoints = computed(() => new Set(this.inEffect().map((row) => row.restore_point_id)).size);
  protected readonly inEffectIntro = computed(() => (this.restorePoints() === 1
    ? T('{n} settings tuning changed are in effect now, from one restore point:')
    : T('{n} settings tuning changed are in effect now, from {points} restore points (earlier presets still count):')));
  private readonly dismissed = inject(DismissedNotices);
  /** What start-up recovery did: the same line once with a count, minus the ones dismissed. */
  protected readonly notices = computed(() => mergeNotices(this.box.state()?.recovered ?? [])
    .filter((n) => !this.dismissed.ids().has(n.id)));
  protected dismiss = (notice: Parameters<DismissedNotices['dismiss']>[0]) => this.dismissed.dismiss(notice);
  protected readonly activeName = computed(() => this.presets.nameOf(this.box.state()?.active?.preset));
  protected dangerWords(row: TuningStateInEffect): string {
    return row.risk_reason
      ? row.risk_reason
      : T('If the power fails or the system crashes, writes the system already confirmed can be lost.');
  }

  protected readonly activeTarget = computed(() => {
    const target = this.box.state()?.active?.target as { pool?: string; dataset?: string } | undefined;
    return target ? target.dataset ?? target.pool ?? '' : '';
  });
}
