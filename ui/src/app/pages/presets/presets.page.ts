import {
  ChangeDetectionStrategy, Component, ElementRef, Injector, afterNextRender, computed, effect, inject, signal, untracked, viewChild,
} from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';
import { ActivatedRoute, Router } from '@angular/router';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { TuningApplyOutcome, TuningPlan, TuningTarget } from '../../api/models/tuning-common';
import { TuningDeviceChoices } from '../../api/models/tuning-devices';
import { TuningPreset } from '../../api/models/tuning-preset';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { RolesStore } from '../../auth/roles.store';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { jobWords } from '../../jobs/job-words';
import { TEST_WORDS } from '../../shared/benchmark-metrics';
import { RebootService } from '../../reboot/reboot.service';
import { changeFailureNote } from '../../shared/change-failure';
import { ConfirmDialogComponent } from '../../shared/confirm-dialog/confirm-dialog.component';
import { confirmEffects } from '../../shared/confirm-dialog/confirm-effects';
import { MappedErrors, mapFieldErrors } from '../../shared/field-errors';
import { missingAcknowledgements } from '../../shared/plan-words';
import { SettingValueComponent } from '../../shared/setting-value.component';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';
import { choiceLabel, dataLossOf, settingKey } from '../custom-presets/preset-settings';
import { SettingCatalog } from '../custom-presets/setting-catalog';
import { PlanPlace, PlanPlaceStore, datasetRows, placeFromQuery, planQuery, previewTarget, rowChildren } from './plan-target';
import { ApplyOutcomeComponent } from './apply-outcome.component';
import { PlanTableComponent } from './plan-table.component';
import { TargetPickerComponent } from './target-picker.component';
import { toggleIn } from '../../shared/toggle-in';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

const TARGET_FIELDS = ['pool', 'dataset', 'cache_disks', 'log_disks'] as const;

/**
 * Pick a preset and a target, read the plan, acknowledge dangerous rows, confirm what restarts a service, changes a
 * pool's vdevs or needs a reboot, apply as a job.
 */
@Component({
  selector: 'tp-presets-page',
  imports: [TestIdDirective, MatCard, MatButton, TranslatePipe, PlanTableComponent, TargetPickerComponent, JobProgressDialogComponent,
    ConfirmDialogComponent, RequiresRoleDirective, SettingValueComponent, ApplyOutcomeComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './presets.page.html',
  styles: `
    .preset { cursor: pointer; text-align: left; width: 100%; display: flex; flex-direction: column;
      align-items: flex-start; justify-content: flex-start; gap: 4px; }
    .preset.selected { outline: 2px solid var(--primary); }
    .preset ul { margin: 4px 0; padding-left: 18px; }
    .tag { font-size: 0.8em; }
    /* below the sticky top bar when brought into view */
    .plan-heading { scroll-margin-top: 80px; }
    .plan-heading:focus-visible { outline: 2px solid var(--primary); outline-offset: 2px; }
  `,
})
export class PresetsPage {
  private readonly catalog = inject(SettingCatalog);
  /** What an custom preset's values can lose, in words: the server's reason when its settings list has been read (the
   *  preset editor reads it), else the panel's own words. */
  protected readonly dataLoss = (preset: TuningPreset) =>
    dataLossOf(preset.settings, (kind, setting) => this.catalog.info(kind, setting));
  /** What an custom preset sets, in words (its description is the admin's own and often empty): the setting's name and
   *  value as the settings list words them once read, else the setting as stored. */
  protected readonly customSettings = (preset: TuningPreset) => preset.settings.map((s) => {
    const info = this.catalog.info(s.kind, s.setting);
    return { key: settingKey(s.kind, s.setting), name: info?.name ?? s.setting, value: choiceLabel(info, s.value) };
  });
  private readonly api = inject(ApiService);
  private readonly router = inject(Router);
  private readonly route = inject(ActivatedRoute);
  private readonly injector = inject(Injector);
  private readonly places = inject(PlanPlaceStore);
  private readonly planHeading = viewChild<ElementRef<HTMLElement>>('planHeading');
  /** The preset the URL named when the page opened, chosen once the presets are known. */
  private urlPreset: string | null = null;
  protected readonly box = inject(BoxStore);
  protected readonly jobWords = jobWords;
  /** A benchmark test a preset optimizes, in words (an unknown one as the server names it). */
  protected readonly testWords = (test: string) => (TEST_WORDS as Record<string, string>)[test] ?? test;
  protected readonly store = inject(PresetsStore);
  protected readonly reboot = inject(RebootService);
  protected readonly role = ROLE;
  private readonly roles = inject(RolesStore);
  protected readonly mayApply = computed(() => this.roles.lacks(ROLE.write) === null);
  protected readonly failureNote = changeFailureNote;

  protected readonly selected = signal<TuningPreset | null>(null);
  /** The preset whose preview the target's dataset was picked in (URL, session or the picker). */
  private datasetFor: string | null = null;
  protected readonly target = signal<TuningTarget | null>(null);
  protected readonly plan = signal<TuningPlan | null>(null);
  /** The disk choices of the latest preview: kept through a failed one so a bad choice can be undone. */
  protected readonly devices = signal<TuningDeviceChoices | null>(null);
  protected readonly previewing = signal(false);
  protected readonly errors = signal<MappedErrors>({ fields: {}, general: null });
  protected readonly acknowledged = signal<ReadonlySet<string>>(new Set());
  protected readonly applyRun = new JobRun<TuningApplyOutcome>('Applying preset');
  protected readonly outcome = signal<TuningApplyOutcome | null>(null);
  /** The confirmation is open (only for a plan with effects beyond changing values). */
  protected readonly confirming = signal(false);
  protected readonly effects = computed(() => confirmEffects(this.plan() ?? { changes: [] }));
  /** Presets with settings still in effect: the latest apply is not the only one that can be. */
  protected readonly inEffect = computed(() => {
    const state = this.box.state();
    const ids = new Set((state?.in_effect ?? []).map((row) => row.preset));
    if (state?.active) {
      ids.add(state.active.preset);
    }
    return ids;
  });

  protected readonly needs = computed(() => {
    const ids = new Set((this.plan()?.prerequisites ?? []).map((p) => p.id));
    return { cache: ids.has('cache'), log: ids.has('log') };
  });
  protected readonly unmet = computed(() => (this.plan()?.prerequisites ?? []).filter((p) => !p.met));
  protected readonly missingAcks = computed(() => missingAcknowledgements(this.plan()?.changes ?? [], this.acknowledged()));
  /** The plan sets dataset properties but the admin has not said on which dataset. */
  protected readonly needsDataset = computed(() => !this.target()?.dataset && datasetRows(this.plan()?.changes ?? []).length > 0);
  /** Per dataset property: the datasets below the picked one that inherit it and those that keep their own value. */
  protected readonly children = computed(() => rowChildren(this.plan()?.changes ?? []));
  protected readonly datasetChanges = computed(() => datasetRows(this.plan()?.changes ?? []));
  /** The plan's rows, without dataset properties until a dataset is picked (they would read as set on the root). */
  protected readonly shownChanges = computed(() => {
    const changes = this.plan()?.changes ?? [];
    return this.needsDataset() ? changes.filter((c) => c.kind !== 'DATASET_PROPERTY') : changes;
  });
  protected readonly canApply = computed(() => {
    const plan = this.plan();
    return !!plan && !this.previewing() && plan.changes.length > 0 && this.missingAcks().length === 0
      && !this.needsDataset()
      && this.applyRun.phase() !== 'running' && !this.box.busy();
  });

  constructor() {
    // Custom presets' cards name their settings in words: read the settings list once when there are any.
    effect(() => {
      if (this.store.presets().some((p) => !p.builtin) && !untracked(this.catalog.settings).length) {
        void this.catalog.load();
      }
    });
    const query = this.route.snapshot.queryParams;
    this.urlPreset = typeof query['preset'] === 'string' ? query['preset'] : null;
    // The place the URL names, else the one picked earlier in this session, else the first pool with no dataset yet.
    effect(() => {
      const pools = this.box.profile()?.pools ?? [];
      if (pools.length && !untracked(this.target)) {
        const kept = this.places.place();
        const fromUrl = placeFromQuery(query, pools);
        const place = fromUrl ?? (kept && placeFromQuery(kept, pools)) ?? { pool: pools[0].name, dataset: null };
        this.datasetFor = fromUrl ? this.urlPreset : kept?.preset ?? null;
        this.target.set(previewTarget(place));
      }
    });
    effect(() => {
      const preset = this.urlPreset && this.target() ? this.store.byId(this.urlPreset) : undefined;
      if (preset) {
        this.urlPreset = null;
        untracked(() => this.choose(preset));
      }
    });
  }

  protected choose(preset: TuningPreset): void {
    this.confirming.set(false);
    const target = this.target();
    if (target && this.selected()?.id !== preset.id) {
      // Disks ticked, and a dataset picked, for another preset's preview are not this one's: a dataset property of
      // this preset never lands on a dataset (the pool's root, say) picked for something else.
      const dataset = this.datasetFor === preset.id ? target.dataset ?? null : null;
      this.target.set(previewTarget({ pool: target.pool, dataset }));
    }
    this.selected.set(preset);
    this.outcome.set(null);
    this.showInUrl(false);
    this.bringPlanIntoView();
    // Scrolled while the plan was still being computed, the page ended below the heading: scroll again once its
    // table is there, so the plan fills the view (the focus stays on the heading).
    void this.preview().then(() => this.selected() === preset && this.bringPlanIntoView(false));
  }

  protected changeTarget(target: TuningTarget): void {
    this.target.set(target);
    this.datasetFor = this.selected()?.id ?? null;
    this.places.set({ ...placeOf(target), preset: this.datasetFor });
    this.showInUrl(true);
    void this.preview();
  }

  /** The plan's heading at the top of the view, with the focus (`focus`), once it is rendered. */
  private bringPlanIntoView(focus = true): void {
    afterNextRender(() => {
      const heading = this.planHeading()?.nativeElement;
      heading?.scrollIntoView?.({ block: 'start' });
      if (focus) {
        heading?.focus({ preventScroll: true });
      }
    }, { injector: this.injector });
  }

  private showInUrl(replaceUrl: boolean): void {
    const target = this.target();
    void this.router.navigate([], {
      relativeTo: this.route, replaceUrl,
      queryParams: planQuery(this.selected()?.id ?? null, target && placeOf(target)),
    });
  }

  protected toggleAck(key: string): void {
    toggleIn(this.acknowledged, key);
  }

  protected async preview(): Promise<void> {
    const preset = this.selected();
    const target = this.target();
    if (!preset || !target) {
      return;
    }
    this.previewing.set(true);
    this.errors.set({ fields: {}, general: null });
    try {
      const plan = await firstValueFrom(this.api.call('tuning.preset.preview', [preset.id, target]));
      if (this.selected() === preset) {
        this.plan.set(plan);
        this.devices.set(plan.devices ?? null);
        const keep = new Set(plan.dangerous);
        this.acknowledged.set(new Set([...this.acknowledged()].filter((k) => keep.has(k))));
      }
    } catch (error) {
      this.plan.set(null);
      this.errors.set(mapFieldErrors(error, TARGET_FIELDS));
    } finally {
      this.previewing.set(false);
    }
  }

  /** Apply, after a confirmation when the plan restarts a service, changes a pool's vdevs or needs a reboot. */
  protected apply(): void {
    if (!this.canApply()) {
      return;
    }
    if (this.effects().length) {
      this.confirming.set(true);
    } else {
      this.run();
    }
  }

  protected confirmed(): void {
    this.confirming.set(false);
    this.run();
  }

  private run(): void {
    const preset = this.selected();
    const target = this.target();
    if (!preset || !target || !this.canApply()) {
      return;
    }
    this.outcome.set(null);
    this.applyRun.start(
      this.api.job('tuning.preset.apply', [preset.id, target, { acknowledge: [...this.acknowledged()] }]),
      (result) => {
        this.outcome.set(result);
        void this.box.refreshState();
        void this.box.refreshProfile();
        void this.preview();
      },
      () => void this.box.refreshState(),
    );
  }

  protected closeApply(): void {
    this.applyRun.close();
  }
}

function placeOf(target: TuningTarget): PlanPlace {
  return { pool: target.pool, dataset: target.dataset ?? null };
}
