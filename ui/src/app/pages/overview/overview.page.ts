import { ChangeDetectionStrategy, Component, computed, effect, inject, signal, untracked } from '@angular/core';
import { RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';
import { MatSort, MatSortHeader } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { errorMessage } from '../../api/api-errors';
import { TuningApplyOutcome, TuningPlan, TuningSettingValue } from '../../api/models/tuning-common';
import { TuningStateAccepted, TuningStateDrift, TuningStateInEffect } from '../../api/models/tuning-profile';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { changeFailureNote } from '../../shared/change-failure';
import { ConfirmDialogComponent } from '../../shared/confirm-dialog/confirm-dialog.component';
import { confirmEffects } from '../../shared/confirm-dialog/confirm-effects';
import { PlanTableComponent } from '../presets/plan-table.component';
import { T } from '../../i18n/translate-marker';
import { formatBytes, formatDateTime, formatLinkSpeed, formatValue } from '../../shared/format';
import { DismissedNotices, mergeNotices } from '../../shared/notices';
import { RISK_WORDS } from '../../shared/plan-words';
import { SettingValueComponent } from '../../shared/setting-value.component';
import { DISK_KIND_WORDS, poolStatusWords } from '../../shared/state-words';
import { SortedRows, rankOf, timeOf } from '../../shared/table/sort-rows';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';
import { dangerLead, dangerReason, inEffectIntro, undoWords, writeBufferNote } from './in-effect-words';
import { rereadWhileVisible } from './reread-while-visible';

/** A setting the drift actions name: an in-effect, drift or accepted row (all carry key, setting and its words). */
type DriftSubject = Pick<TuningStateInEffect, 'key' | 'setting'> & { summary?: string | null };

/** A Risk sort from the least to the most dangerous (descending puts DANGEROUS first, as the server does). */
const RISK_ORDER = ['SAFE', 'CAUTION', 'DANGEROUS'];

/**
 * The box as tuning sees it and what tuning has done to it: every setting it changed that is still in effect
 * (DANGEROUS ones first, in words, each with the restore point that undoes it, and the box's own value when it was
 * changed outside tuning, with Put back and Keep the box's value), the latest preset, and accepted drift.
 */
@Component({
  selector: 'tp-overview-page',
  imports: [TestIdDirective, MatButton, MatCard, MatTableModule, MatSort, MatSortHeader, TypedCellDef, TranslatePipe, RouterLink,
    SettingValueComponent, RequiresRoleDirective, ConfirmDialogComponent, PlanTableComponent,
    JobProgressDialogComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './overview.page.html',
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
    dt { color: var(--fg2); }
    dd { margin: 0; }
    .small { font-size: 0.9em; }
    tr.DANGEROUS td { background: var(--danger-bg); }
    [data-test="text-dangerous-in-effect"] p { margin: 6px 0 0; }
    .notice { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
    .drifted { font-weight: 600; }
    .row-actions { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
    .accepted { padding-left: 18px; }
    .accepted li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 4px 0; }
  `,
})
export class OverviewPage {
  private readonly api = inject(ApiService);
  private readonly translate = inject(TranslateService);
  protected readonly box = inject(BoxStore);
  protected readonly role = ROLE;
  protected readonly failureNote = changeFailureNote;
  protected readonly presets = inject(PresetsStore);
  protected readonly bytes = formatBytes;
  protected readonly value = formatValue;
  protected readonly linkSpeed = formatLinkSpeed;
  protected readonly date = formatDateTime;
  protected readonly riskWords = RISK_WORDS;
  protected readonly diskKindWords = DISK_KIND_WORDS;
  protected readonly poolStatus = poolStatusWords;
  /** Already ordered by the server: DANGEROUS, then CAUTION, then SAFE. */
  protected readonly inEffect = computed(() => this.box.state()?.in_effect ?? []);
  protected readonly dangerous = computed(() => this.inEffect().filter((row) => row.risk === 'DANGEROUS'));
  /** Counted apart: in effect now, waiting for a reboot, drifted (a pending or drifted value is not in effect). */
  protected readonly inEffectIntro = computed(() => inEffectIntro(this.inEffect()));
  /** Which write buffer setting wins when both are in effect. */
  protected readonly writeBufferNote = computed(() => writeBufferNote(this.inEffect()));
  private readonly dismissed = inject(DismissedNotices);
  /** What start-up recovery did: the same line once with a count, minus the ones dismissed. */
  protected readonly notices = computed(() => mergeNotices(this.box.state()?.recovered ?? [])
    .filter((n) => !this.dismissed.ids().has(n.id)));
  protected dismiss = (notice: Parameters<DismissedNotices['dismiss']>[0]) => this.dismissed.dismiss(notice);
  protected readonly activeName = computed(() => this.presets.nameOf(this.box.state()?.active?.preset));
  protected readonly dangerLead = dangerLead;
  protected readonly dangerReason = dangerReason;
  /** What the box held before each put back in effect, by restore point and setting key: its revert gives that
   *  value back (set outside tuning), which the Undo link says. Read once per set of restore points in effect. */
  private readonly putBackBefore = signal<ReadonlyMap<number, TuningSettingValue[]>>(new Map());
  private readonly pointsInEffect = computed(() => [...new Set(this.inEffect().map((row) => row.restore_point_id))]
    .sort((a, b) => a - b).join(','));
  protected undoWords(row: TuningStateInEffect) {
    return undoWords(row, this.putBackBefore().get(row.restore_point_id)?.find((e) => e.key === row.key));
  }

  protected readonly activeTarget = computed(() => {
    const target = this.box.state()?.active?.target as { pool?: string; dataset?: string } | undefined;
    return target ? target.dataset ?? target.pool ?? '' : '';
  });

  /** Drift of a setting not in effect as tuning's (a value a revert put back): listed apart, with the same actions. */
  protected readonly otherDrift = computed(() => {
    const shown = new Set(this.inEffect().filter((r) => r.drifted).map((r) => r.key));
    return this.box.drift().filter((d) => !shown.has(d.key));
  });
  protected readonly accepted = computed<TuningStateAccepted[]>(() => this.box.state()?.accepted ?? []);

  /** The server's order (DANGEROUS first) until a header is picked. */
  protected readonly inEffectTable = new SortedRows(this.inEffect, {
    setting: (row) => row.summary,
    risk: (row) => rankOf(RISK_ORDER, row.risk),
    setBy: (row) => timeOf(row.applied_at),
  });
  protected readonly inEffectColumns = ['setting', 'value', 'risk', 'setBy', 'undo'];
  protected readonly driftTable = new SortedRows(this.otherDrift, {
    setting: (d) => this.driftWords(d),
    scope: (d) => d.scope,
  });
  protected readonly driftColumns = ['setting', 'scope', 'expected', 'actual', 'actions'];
  /** By name (sdb2 before sdb10); sizes by their bytes. */
  protected readonly diskTable = new SortedRows(computed(() => this.box.profile()?.unused_disks ?? []), {
    disk: (d) => d.name,
    kind: (d) => this.translate.instant(DISK_KIND_WORDS[d.kind]),
    size: (d) => d.size_bytes,
    model: (d) => d.model,
  }, { active: 'disk', direction: 'asc' });
  protected readonly diskColumns = ['disk', 'kind', 'size', 'model'];
  protected readonly byKey = (_: number, row: { key: string }) => row.key;

  /** A drifted setting in words: the server's, the settings list's, or its name. */
  protected driftWords(d: TuningStateDrift): string {
    return d.summary ?? this.box.settingWords(d.key) ?? d.setting;
  }

  /** A drift action's setting in words, as the tables name it (never its ZFS name alone). */
  protected subjectWords(subject: DriftSubject): string {
    return subject.summary ?? this.box.settingWords(subject.key) ?? subject.setting;
  }

  constructor() {
    // Events come only for what tuning does: what the box has now is read on arrival, on return and while shown.
    rereadWhileVisible(() => this.box.refreshState());
    effect(() => {
      const ids = this.pointsInEffect();
      untracked(() => void this.readPutBacks(ids));
    });
  }

  private async readPutBacks(ids: string): Promise<void> {
    const wanted = ids ? ids.split(',').map(Number) : [];
    if (!wanted.length) {
      this.putBackBefore.set(new Map());
      return;
    }
    try {
      const rows = await firstValueFrom(this.api.call('tuning.restore_point.query', [
        [['id', 'in', wanted], ['kind', '=', 'PUT_BACK']], { select: ['id', 'entries'] }]));
      if (ids === this.pointsInEffect()) {
        this.putBackBefore.set(new Map((rows as { id: number; entries: TuningSettingValue[] }[])
          .map((rp) => [rp.id, rp.entries])));
      }
    } catch {
      // Without them the link keeps its plain words ("Revert #2"); the restore point's preview says the values.
    }
  }

  protected readonly putBack = signal<{ subject: DriftSubject; plan: TuningPlan } | null>(null);
  protected readonly keeping = signal<DriftSubject | null>(null);
  protected readonly putBackEffects = computed(() => confirmEffects(this.putBack()?.plan ?? { changes: [] }));
  protected readonly putBackRun = new JobRun<TuningApplyOutcome>('Putting back the tuned value');
  protected readonly keepRun = new JobRun<TuningStateAccepted>('Keeping the box\'s value');
  protected readonly actionError = signal<string | null>(null);
  private readonly previewing = signal(false);
  protected readonly working = computed(() => this.previewing() || this.putBackRun.phase() === 'running'
    || this.keepRun.phase() === 'running');

  /** Put back: the one-row plan first, in the confirmation (its tick acknowledges a dangerous value). */
  protected async askPutBack(subject: DriftSubject): Promise<void> {
    this.actionError.set(null);
    this.previewing.set(true);
    try {
      const plan = await firstValueFrom(this.api.call('tuning.drift.preview', [subject.key]));
      this.putBack.set({ subject, plan });
    } catch (error) {
      this.actionError.set(errorMessage(error));
    } finally {
      this.previewing.set(false);
    }
  }

  protected putBackMessage(plan: TuningPlan): string {
    return plan.dangerous.length
      ? T('The value is dangerous: ticking Confirm acknowledges that a power cut or crash can lose data the system already reported as written.')
      : T('Tuning sets its value again, with a restore point of its own that gives the box its value back.');
  }

  protected putBackConfirmed(pending: { subject: DriftSubject; plan: TuningPlan }): void {
    this.putBack.set(null);
    // The Confirm tick is the acknowledgement: every dangerous row of the plan the admin just saw.
    const acknowledge = pending.plan.changes.filter((c) => c.risk === 'DANGEROUS').map((c) => c.key);
    this.putBackRun.start(this.api.job('tuning.drift.put_back', [pending.subject.key, acknowledge]),
      () => void this.box.refreshState(), () => void this.box.refreshState());
  }

  protected askKeep(subject: DriftSubject): void {
    this.actionError.set(null);
    this.keeping.set(subject);
  }

  protected keepConfirmed(subject: DriftSubject): void {
    this.keeping.set(null);
    this.keepRun.start(this.api.job('tuning.drift.accept', [subject.key]),
      () => void this.box.refreshState(), () => void this.box.refreshState());
  }
}
