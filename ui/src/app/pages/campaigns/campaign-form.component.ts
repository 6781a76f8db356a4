import { ChangeDetectionStrategy, Component, computed, inject, input, output, signal } from '@angular/core';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { ApiValidationError, errorMessage } from '../../api/api-errors';
import { BENCHMARK_TESTS, BenchmarkProfile, BenchmarkTest, PlanEstimateSpec } from '../../api/models/tuning-benchmark';
import { Campaign, CampaignFinishMode, CampaignOrder, CampaignSpec } from '../../api/models/tuning-campaign';
import { TuningChange } from '../../api/models/tuning-common';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TEST_WORDS } from '../../shared/benchmark-metrics';
import { MappedErrors, mapFieldErrors } from '../../shared/field-errors';
import { PlanEstimateComponent } from '../../shared/plan-estimate/plan-estimate.component';
import { missingAcknowledgements } from '../../shared/plan-words';
import { BoxStore } from '../../stores/box.store';
import { CampaignsStore } from '../../stores/campaigns.store';
import { PresetsStore } from '../../stores/presets.store';
import { PlanTableComponent } from '../presets/plan-table.component';
import { toggleIn } from '../../shared/toggle-in';

const SPEC_FIELDS = [
  'dataset', 'presets', 'acknowledge', 'tests', 'profile', 'runs', 'runtime_seconds', 'ramp_seconds', 'rounds',
  'allow_reboot', 'order', 'finish.mode', 'finish.preset', 'finish.test', 'label',
] as const;

function optionalNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The campaign wizard: what to compare, how to measure, whether it may reboot, what stays applied at the end. */
@Component({
  selector: 'tp-campaign-form',
  imports: [TranslatePipe, PlanTableComponent, PlanEstimateComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .checks { display: flex; flex-wrap: wrap; gap: 4px 16px; border: 0; padding: 6px 0; margin: 0; }
    .checks label { display: flex; gap: 6px; align-items: center; }
    input[type='number'] { width: 96px; }
  `,
  template: `
    <form class="card" (submit)="$event.preventDefault(); start()" data-test="camp-form">
      <h2>{{ 'Start a campaign' | t }}</h2>
      <p class="muted">{{ 'A campaign measures the box as it is (the baseline) and each chosen preset, in rounds, and recommends what wins with statistics.' | t }}</p>
      <label>{{ 'Dataset' | t }}<br />
        <select data-test="camp-dataset" [value]="targetDataset()" (change)="chooseDataset($any($event.target).value)">
          @for (d of datasets(); track d) { <option [value]="d">{{ d }}</option> }
        </select>
      </label>
      @if (errors().fields['dataset']; as e) { <div class="field-error" data-test="error-dataset">{{ e }}</div> }
      <fieldset class="checks">
        <legend>{{ 'Presets to compare with the baseline' | t }}</legend>
        @for (p of presets.presets(); track p.id) {
          <label><input type="checkbox" [checked]="chosenPresets().includes(p.id)" (change)="togglePreset(p.id)"
                        [attr.data-test]="'camp-preset-' + p.id" /> {{ p.name }}</label>
        }
      </fieldset>
      @if (errors().fields['presets']; as e) { <div class="field-error" data-test="error-presets">{{ e }}</div> }
      @if (dangers().length) {
        <section data-test="camp-dangers">
          <h3>{{ 'Settings that can lose data' | t }}</h3>
          <p class="muted">{{ 'The campaign applies these only if you tick each one. Tick them only for a box whose data you can afford to lose or rebuild.' | t }}</p>
          <tp-plan-table [changes]="dangers()" [acknowledged]="acknowledged()" (toggled)="toggleAck($event)" />
        </section>
      }
      @if (dangerError(); as e) { <div class="field-error" data-test="camp-dangers-error">{{ e }}</div> }
      @if (errors().fields['acknowledge']; as e) { <div class="field-error" data-test="error-acknowledge">{{ e }}</div> }
      <fieldset class="checks">
        <legend>{{ 'Tests' | t }}</legend>
        @for (test of tests; track test) {
          <label><input type="checkbox" [checked]="chosenTests().has(test)" (change)="toggleTest(test)"
                        [attr.data-test]="'camp-test-' + test" /> {{ testWords[test] | t }}</label>
        }
      </fieldset>
      @if (errors().fields['tests']; as e) { <div class="field-error" data-test="error-tests">{{ e }}</div> }
      <div class="row">
        <label>{{ 'Profile' | t }}<br />
          <select data-test="camp-profile" [value]="profile()" (change)="profile.set($any($event.target).value)">
            <option value="QUICK">{{ 'Quick' | t }}</option>
            <option value="STANDARD">{{ 'Standard (60 s per run)' | t }}</option>
            <option value="THOROUGH">{{ 'Thorough (180 s per run)' | t }}</option>
          </select>
        </label>
        <label>{{ 'Runs per round' | t }}<br />
          <input type="number" min="1" max="30" [value]="runs()" (input)="runs.set(+$any($event.target).value)" data-test="camp-runs" />
          @if (errors().fields['runs']; as e) { <div class="field-error" data-test="error-runs">{{ e }}</div> }
        </label>
        <label>{{ 'Rounds' | t }}<br />
          <input type="number" min="1" max="10" [value]="rounds()" (input)="rounds.set(+$any($event.target).value)" data-test="camp-rounds" />
          @if (errors().fields['rounds']; as e) { <div class="field-error" data-test="error-rounds">{{ e }}</div> }
        </label>
        <label>{{ 'Order' | t }}<br />
          <select data-test="camp-order" [value]="order()" (change)="order.set($any($event.target).value)">
            <option value="INTERLEAVED">{{ 'Interleaved (each round visits every configuration)' | t }}</option>
            <option value="SEQUENTIAL">{{ 'Sequential (all rounds of one configuration, then the next)' | t }}</option>
          </select>
        </label>
        <label>{{ 'Label' | t }}<br />
          <input type="text" maxlength="120" [value]="label()" (input)="label.set($any($event.target).value)" data-test="camp-label" />
          @if (errors().fields['label']; as e) { <div class="field-error" data-test="error-label">{{ e }}</div> }
        </label>
      </div>
      <details data-test="camp-advanced" style="margin-top: 8px">
        <summary>{{ 'Expert overrides (empty = the profile decides)' | t }}</summary>
        <div class="row">
          <label>{{ 'Measured seconds per run' | t }}<br />
            <input type="number" min="1" [value]="runtime()" (input)="runtime.set($any($event.target).value)" data-test="camp-runtime" />
            @if (errors().fields['runtime_seconds']; as e) { <div class="field-error" data-test="error-runtime_seconds">{{ e }}</div> }
          </label>
          <label>{{ 'Warm-up seconds per run' | t }}<br />
            <input type="number" min="0" [value]="ramp()" (input)="ramp.set($any($event.target).value)" data-test="camp-ramp" />
            @if (errors().fields['ramp_seconds']; as e) { <div class="field-error" data-test="error-ramp_seconds">{{ e }}</div> }
          </label>
        </div>
      </details>
      <label style="margin-top: 8px">
        <input type="checkbox" [checked]="allowReboot()" (change)="allowReboot.set($any($event.target).checked)" data-test="camp-allow-reboot" />
        {{ 'Allow reboots' | t }}
      </label>
      <p class="muted" data-test="camp-reboot-words">{{ (allowReboot()
        ? 'Some presets only take effect after a restart. The campaign will restart the box by itself when it gets to them, wait for it to come back, and carry on. The box is unavailable to everyone during each restart.'
        : 'The box is never restarted. Presets that only take effect after a restart are skipped, and the results say so.') | t }}</p>
      <div class="row">
        <label>{{ 'At the end, keep' | t }}<br />
          <select data-test="camp-finish-mode" [value]="finishMode()" (change)="finishMode.set($any($event.target).value)">
            <option value="ORIGINAL">{{ 'the original configuration' | t }}</option>
            <option value="PRESET">{{ 'a preset of this campaign' | t }}</option>
            <option value="WINNER">{{ 'the winner of a test' | t }}</option>
          </select>
          @if (errors().fields['finish.mode']; as e) { <div class="field-error" data-test="error-finish.mode">{{ e }}</div> }
        </label>
        @if (finishMode() === 'PRESET') {
          <label>{{ 'Preset' | t }}<br />
            <select data-test="camp-finish-preset" [value]="finishPreset()" (change)="finishPreset.set($any($event.target).value)">
              <option value="">—</option>
              @for (id of chosenPresets(); track id) { <option [value]="id">{{ presets.nameOf(id) }}</option> }
            </select>
            @if (errors().fields['finish.preset']; as e) { <div class="field-error" data-test="error-finish.preset">{{ e }}</div> }
          </label>
        }
        @if (finishMode() === 'WINNER') {
          <label>{{ 'Test' | t }}<br />
            <select data-test="camp-finish-test" [value]="finishTest()" (change)="finishTest.set($any($event.target).value)">
              <option value="">—</option>
              @for (test of tests; track test) { @if (chosenTests().has(test)) { <option [value]="test">{{ testWords[test] | t }}</option> } }
            </select>
            @if (errors().fields['finish.test']; as e) { <div class="field-error" data-test="error-finish.test">{{ e }}</div> }
          </label>
        }
      </div>
      <tp-plan-estimate [spec]="estimateSpec()" />
      @if (errors().general; as e) { <p class="banner danger" role="alert" data-test="camp-error">{{ e }}</p> }
      <div class="actions">
        <button type="submit" class="primary" data-test="camp-start"
                [disabled]="starting() || busy() || checking() || missingAcks().length > 0">{{ 'Start campaign' | t }}</button>
      </div>
    </form>
  `,
})
export class CampaignFormComponent {
  private readonly api = inject(ApiService);
  private readonly box = inject(BoxStore);
  protected readonly presets = inject(PresetsStore);
  private readonly campaigns = inject(CampaignsStore);
  /** A campaign is running: one at a time. */
  readonly busy = input(false);
  readonly started = output<void>();
  readonly finished = output<Campaign>();

  protected readonly tests = BENCHMARK_TESTS;
  protected readonly testWords = TEST_WORDS;
  protected readonly datasets = computed(() => (this.box.profile()?.pools ?? []).flatMap((p) => p.datasets));
  protected readonly dataset = signal('');
  protected readonly chosenPresets = signal<string[]>([]);
  /** The DANGEROUS rows of the chosen presets' plans on the chosen dataset, one per key. */
  protected readonly dangers = signal<TuningChange[]>([]);
  protected readonly acknowledged = signal<ReadonlySet<string>>(new Set());
  protected readonly missingAcks = computed(() => missingAcknowledgements(this.dangers(), this.acknowledged()));
  protected readonly checking = signal(false);
  protected readonly dangerError = signal<string | null>(null);
  protected readonly chosenTests = signal<ReadonlySet<BenchmarkTest>>(new Set(['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K']));
  protected readonly profile = signal<BenchmarkProfile>('QUICK');
  protected readonly runs = signal(2);
  protected readonly rounds = signal(3);
  protected readonly runtime = signal('');
  protected readonly ramp = signal('');
  protected readonly allowReboot = signal(false);
  protected readonly order = signal<CampaignOrder>('INTERLEAVED');
  protected readonly finishMode = signal<CampaignFinishMode>('ORIGINAL');
  protected readonly finishPreset = signal('');
  protected readonly finishTest = signal('');
  protected readonly label = signal('');
  protected readonly errors = signal<MappedErrors>({ fields: {}, general: null });
  protected readonly starting = signal(false);

  protected targetDataset(): string {
    return this.dataset() || this.datasets()[0] || '';
  }

  protected chooseDataset(dataset: string): void {
    this.dataset.set(dataset);
    void this.checkDangers();
  }

  protected togglePreset(id: string): void {
    const now = this.chosenPresets();
    this.chosenPresets.set(now.includes(id) ? now.filter((p) => p !== id) : [...now, id]);
    void this.checkDangers();
  }

  protected toggleAck(key: string): void {
    toggleIn(this.acknowledged, key);
  }

  /**
   * Preview every chosen preset on the chosen dataset (what the campaign will apply) and list its DANGEROUS rows;
   * acknowledgements of rows no longer listed are dropped, so none is ever sent for a setting nobody saw.
   */
  private async checkDangers(): Promise<void> {
    const dataset = this.targetDataset();
    const presets = this.chosenPresets();
    this.checking.set(true);
    this.dangerError.set(null);
    try {
      const target = { pool: dataset.split('/')[0], dataset };
      const plans = await Promise.all(presets.map((id) => firstValueFrom(this.api.call('tuning.preset.preview', [id, target]))));
      if (dataset !== this.targetDataset() || presets !== this.chosenPresets()) {
        return; // a newer choice is being checked
      }
      const byKey = new Map(plans.flatMap((plan) => plan.changes).filter((c) => c.risk === 'DANGEROUS').map((c) => [c.key, c]));
      this.dangers.set([...byKey.values()]);
      this.acknowledged.set(new Set([...this.acknowledged()].filter((k) => byKey.has(k))));
    } catch (error) {
      this.dangers.set([]);
      this.dangerError.set(errorMessage(error));
    } finally {
      if (dataset === this.targetDataset() && presets === this.chosenPresets()) {
        this.checking.set(false);
      }
    }
  }

  protected toggleTest(test: BenchmarkTest): void {
    toggleIn(this.chosenTests, test);
  }

  /** What the estimate is asked about: every configuration (the presets and the baseline) in every round. */
  protected readonly estimateSpec = computed((): PlanEstimateSpec => {
    const { benchmark, rounds, presets } = this.spec();
    return {
      tests: benchmark.tests, profile: benchmark.profile, runs: benchmark.runs,
      runtime_seconds: benchmark.runtime_seconds ?? null, ramp_seconds: benchmark.ramp_seconds ?? null,
      adaptive: false, rounds, configurations: presets.length + 1,
    };
  });

  /** The spec as chosen; empty optional fields are left out so the server's defaults apply. */
  spec(): CampaignSpec {
    const runtime = optionalNumber(this.runtime());
    const ramp = optionalNumber(this.ramp());
    const acknowledge = [...this.acknowledged()];
    const label = this.label().trim();
    const mode = this.finishMode();
    return {
      dataset: this.targetDataset(),
      presets: this.chosenPresets(),
      ...(acknowledge.length ? { acknowledge } : {}),
      benchmark: {
        tests: this.tests.filter((t) => this.chosenTests().has(t)),
        profile: this.profile(),
        runs: this.runs(),
        ...(runtime !== null ? { runtime_seconds: runtime } : {}),
        ...(ramp !== null ? { ramp_seconds: ramp } : {}),
      },
      rounds: this.rounds(),
      allow_reboot: this.allowReboot(),
      order: this.order(),
      finish: {
        mode,
        ...(mode === 'PRESET' && this.finishPreset() ? { preset: this.finishPreset() } : {}),
        ...(mode === 'WINNER' && this.finishTest() ? { test: this.finishTest() as BenchmarkTest } : {}),
      },
      ...(label ? { label } : {}),
    };
  }

  /**
   * Start the job. Its progress is followed through the campaign's own events (the job may end with a reboot and
   * the campaign go on in a new one), so here only a refusal matters: the server's errors go on their fields.
   */
  protected start(): void {
    this.errors.set({ fields: {}, general: null });
    this.starting.set(true);
    const job$ = this.api.job('tuning.campaign.run', [this.spec()]);
    let announced = false;
    job$.subscribe({
      next: (job) => {
        if (!announced) {
          announced = true;
          this.starting.set(false);
          this.started.emit();
        }
        if (job.state === 'SUCCESS' && job.result) {
          this.finished.emit(job.result);
        }
      },
      error: (error: unknown) => {
        this.starting.set(false);
        // A job cut off by the campaign's own reboot is no failure: the campaign goes on and its row says so.
        if (error instanceof ApiValidationError || !this.campaigns.active()) {
          this.errors.set(mapFieldErrors(error, SPEC_FIELDS));
        }
      },
    });
  }
}
