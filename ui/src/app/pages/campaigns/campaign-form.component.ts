import { ChangeDetectionStrategy, Component, computed, inject, input, output, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { NonNullableFormBuilder, ReactiveFormsModule } from '@angular/forms';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatOption, MatSelect } from '@angular/material/select';
import { MatCard } from '@angular/material/card';
import { MatCheckbox } from '@angular/material/checkbox';
import { distinctUntilChanged, firstValueFrom, merge } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { ApiValidationError, errorMessage } from '../../api/api-errors';
import { BENCHMARK_TESTS } from '../../api/models/tuning-benchmark';
import { Campaign } from '../../api/models/tuning-campaign';
import { ClientSession } from '../../api/models/tuning-client';
import { TuningChange } from '../../api/models/tuning-common';
import { T } from '../../i18n/translate-marker';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TEST_WORDS } from '../../shared/benchmark-metrics';
import { BenchmarkSettingsComponent } from '../../shared/benchmark-settings/benchmark-settings.component';
import { datasetChoice, noDatasetsWords } from '../../shared/benchmark-settings/dataset-choice';
import { formState, toggleInList } from '../../shared/benchmark-settings/form-state';
import { FieldErrorComponent } from '../../shared/field-error.component';
import { readyToSend, refusedOnFields, setServerErrors } from '../../shared/field-errors';
import { missingAcknowledgements } from '../../shared/plan-words';
import { CampaignsStore } from '../../stores/campaigns.store';
import { PresetsStore } from '../../stores/presets.store';
import { PlanTableComponent } from '../presets/plan-table.component';
import { ConfirmDialogComponent } from '../../shared/confirm-dialog/confirm-dialog.component';
import { ConfirmEffect } from '../../shared/confirm-dialog/confirm-effects';
import {
  CLIENT_READY_SECONDS, MAX_CLIENTS, SEVERAL_CLIENTS, campaignApplyEffects, campaignControls, campaignForm, campaignReboots,
  campaignSpec, followClientChoice,
} from './campaign-form';
import { NumberFieldComponent } from '../../shared/number-field/number-field.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The campaign wizard: what to compare, how to measure, whether it may reboot, what stays applied at the end. */
@Component({
  selector: 'tp-campaign-form',
  imports: [TestIdDirective, ConfirmDialogComponent, MatCheckbox, MatCard, MatFormField, MatLabel, MatInput, MatSelect, MatOption, MatButton, ReactiveFormsModule, TranslatePipe,
    PlanTableComponent, BenchmarkSettingsComponent, FieldErrorComponent, RequiresRoleDirective, NumberFieldComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    /* an error line under one field must not push its neighbours down */
    .row { align-items: flex-start; }
    /* a select shows its chosen option whole (words, not 'Interleaved (each rour'), up to the card's width */
    .field.wide { width: 34rem; }
    .field.wide mat-form-field { width: 100%; }
    details { margin: 4px 0 8px; }
    /* the wait's label shows whole, the field no wider than a number needs */
    details tp-number-field { display: block; width: 22rem; max-width: 100%; }
    .checks { display: flex; flex-wrap: wrap; gap: 0 8px; border: 0; padding: 6px 0; margin: 0; }
  `,
  template: `
    <mat-card appearance="outlined" class="card"><form [formGroup]="form" (ngSubmit)="start()" novalidate tpTest="camp-form">
      <h2>{{ 'Start a campaign' | t }}</h2>
      <p class="muted">{{ 'A campaign measures the box as it is (the baseline) and each chosen preset, in rounds, and recommends what wins with statistics.' | t }}</p>
      <div class="field wide">
        <mat-form-field appearance="outline" subscriptSizing="dynamic" floatLabel="always">
          <mat-label>{{ labels.dataset | t }}</mat-label>
          <mat-select formControlName="dataset" tpTest="camp-dataset" [placeholder]="'Pick a dataset' | t">
            @for (d of datasets(); track d) { <mat-option [value]="d" [attr.data-value]="d">{{ d }}</mat-option> }
            @empty { <mat-option disabled [tpTest]="['camp-dataset', 'none']">{{ noDatasets() | t }}</mat-option> }
          </mat-select>
        </mat-form-field>
        <tp-field-error [control]="form.controls.dataset" [label]="labels.dataset" testId="error-dataset" />
      </div>
      @if (!value().dataset) {
        <p class="muted" tpTest="camp-dataset-words">{{ 'Pick the dataset the campaign tunes: it applies each preset to it, and its children inherit the changes. Nothing is picked for you, least of all a pool root.' | t }}</p>
      }
      <fieldset class="checks">
        <legend>{{ 'Presets to compare with the baseline' | t }}</legend>
        @for (p of presets.presets(); track p.id) {
          <mat-checkbox [checked]="value().presets.includes(p.id)" (change)="togglePreset(p.id)"
                        [tpTest]="['camp-preset', p.id]">{{ p.name }}</mat-checkbox>
        }
      </fieldset>
      <tp-field-error [control]="form.controls.presets" [label]="labels.presets" testId="error-presets" />
      @if (dangers().length) {
        <section tpTest="camp-dangers">
          <h3>{{ labels.acknowledge | t }}</h3>
          <p class="muted">{{ 'The campaign applies these only if you tick each one. Tick them only for a box whose data you can afford to lose or rebuild.' | t }}</p>
          <tp-plan-table [changes]="dangers()" [acknowledged]="acknowledged()" (toggled)="toggleAck($event)" />
        </section>
      }
      @if (dangerError(); as e) { <div class="field-error" tpTest="camp-dangers-error">{{ e }}</div> }
      <tp-field-error [control]="form.controls.acknowledge" [label]="labels.acknowledge" testId="error-acknowledge" />
      <tp-benchmark-settings [form]="form.controls.settings" prefix="camp" [configurations]="value().presets.length + 1" />
      <div class="row">
        <div class="field wide">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.order | t }}</mat-label>
            <mat-select formControlName="order" tpTest="camp-order">
              <mat-option value="INTERLEAVED" data-value="INTERLEAVED">{{ 'Interleaved, round by round' | t }}</mat-option>
              <mat-option value="SEQUENTIAL" data-value="SEQUENTIAL">{{ 'Sequential, one at a time' | t }}</mat-option>
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="form.controls.order" [label]="labels.order" testId="error-order" />
        </div>
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.label | t }}</mat-label>
            <input matInput type="text" formControlName="label" tpTest="camp-label" />
          </mat-form-field>
          <tp-field-error [control]="form.controls.label" [label]="labels.label" testId="error-label" />
        </div>
      </div>
      <div class="field wide">
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>{{ labels.client_session | t }}</mat-label>
          <mat-select formControlName="client_session" tpTest="camp-client-session">
            <mat-option value="" data-value="">{{ 'this box (fio on the dataset)' | t }}</mat-option>
            @for (s of clientSessions(); track s.id) {
              <mat-option [value]="'' + s.id" [attr.data-value]="s.id">{{ sessionWords(s) }}</mat-option>
            }
            <mat-option [value]="several" [attr.data-value]="several">{{ 'several clients at once' | t }}</mat-option>
          </mat-select>
        </mat-form-field>
        <tp-field-error [control]="form.controls.client_session" [label]="labels.client_session" testId="error-client_session_id" />
      </div>
      @if (value().client_session === several) {
        <fieldset class="checks" tpTest="camp-clients">
          <legend>{{ labels.client_sessions | t }}</legend>
          @for (s of clientSessions(); track s.id) {
            <mat-checkbox [checked]="value().client_sessions.includes('' + s.id)" (change)="toggleClient(s.id)"
                          [tpTest]="['camp-client', s.id]">{{ sessionWords(s) }}</mat-checkbox>
          } @empty {
            <span class="muted" tpTest="camp-clients-none">{{ 'No client session is active: create one per client on the Clients page first.' | t }}</span>
          }
        </fieldset>
        <tp-field-error [control]="form.controls.client_sessions" [label]="labels.client_sessions" testId="error-client_session_ids" />
        <p class="muted" tpTest="camp-clients-words">{{ words.clientsWords | t: { max: maxClients } }}</p>
        <div class="field wide">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.client_mode | t }}</mat-label>
            <mat-select formControlName="client_mode" tpTest="camp-client-mode">
              <mat-option value="AGENTS" data-value="AGENTS">{{ 'their agents, started together' | t }}</mat-option>
              <mat-option value="FIO_SERVERS" data-value="FIO_SERVERS">{{ words.fioMode | t }}</mat-option>
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="form.controls.client_mode" [label]="labels.client_mode" testId="error-client_mode" />
        </div>
        @if (value().client_mode === 'FIO_SERVERS') {
          <p class="muted" tpTest="camp-client-mode-words">{{ words.fioWords | t }}
            <strong tpTest="camp-client-mode-warning">{{ words.fioWarning | t }}</strong></p>
        } @else {
          <p class="muted" tpTest="camp-client-mode-words">{{ 'Each client runs its agent command (the Clients page shows it). The box holds every step until all agents are ready and then starts them together; a client that is not ready in time or fails is named, and the whole step fails with nothing kept.' | t }}</p>
          <details tpTest="camp-client-limits">
            <summary>{{ 'Limits (empty = the box decides)' | t }}</summary>
            <tp-number-field [control]="form.controls.client_ready_seconds" [label]="labels.client_ready_seconds" testId="camp-client-ready"
              errorTestId="error-client_ready_seconds" />
            <p class="muted" tpTest="camp-client-ready-words">{{ 'How long the box waits, once a step is queued, for every client to be ready: {min} seconds to {max} seconds (an hour); empty, {default} seconds (10 minutes).' | t: readyBounds }}</p>
          </details>
        }
      } @else if (value().client_session) {
        <p class="muted" tpTest="camp-client-words">{{ 'Each benchmark step waits for the client agent of this session (run its agent command on the client first; the Clients page shows it). The configurations are compared as that client sees them over its share or LUN; the box still applies and restarts.' | t }}</p>
      }
      <div style="margin-top: 8px">
        <mat-checkbox formControlName="allow_reboot" tpTest="camp-allow-reboot">{{ labels.allow_reboot | t }}</mat-checkbox>
        <tp-field-error [control]="form.controls.allow_reboot" [label]="labels.allow_reboot" testId="error-allow_reboot" />
      </div>
      <p class="muted" tpTest="camp-reboot-words">{{ (value().allow_reboot
        ? 'Some presets only take effect after a restart. The campaign will restart the box by itself when it gets to them, wait for it to come back, and carry on. The box is unavailable to everyone during each restart.'
        : 'The box is never restarted. Presets that only take effect after a restart are skipped, and the results say so.') | t }}
        @if (value().allow_reboot && value().presets.length) {
          <strong tpTest="camp-reboot-count">{{ rebootWords().text | t: rebootWords().params }}</strong>
        }</p>
      <div class="row" formGroupName="finish">
        <div class="field wide">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.finishMode | t }}</mat-label>
            <mat-select formControlName="mode" tpTest="camp-finish-mode">
              <mat-option value="ORIGINAL" data-value="ORIGINAL">{{ 'the original configuration' | t }}</mat-option>
              <mat-option value="PRESET" data-value="PRESET">{{ 'a preset of this campaign' | t }}</mat-option>
              <mat-option value="WINNER" data-value="WINNER">{{ 'the winner of a test' | t }}</mat-option>
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="finish.mode" [label]="labels.finishMode" testId="error-finish.mode" />
        </div>
        @if (value().finish.mode === 'PRESET') {
          <div class="field wide">
            <mat-form-field appearance="outline" subscriptSizing="dynamic">
              <mat-label>{{ labels.finishPreset | t }}</mat-label>
              <mat-select formControlName="preset" tpTest="camp-finish-preset">
                <mat-option value="" data-value="">—</mat-option>
                @for (id of value().presets; track id) { <mat-option [value]="id" [attr.data-value]="id">{{ presets.nameOf(id) }}</mat-option> }
              </mat-select>
            </mat-form-field>
            <tp-field-error [control]="finish.preset" [label]="labels.finishPreset" testId="error-finish.preset" />
          </div>
        }
        @if (value().finish.mode === 'WINNER') {
          <div class="field wide">
            <mat-form-field appearance="outline" subscriptSizing="dynamic">
              <mat-label>{{ labels.finishTest | t }}</mat-label>
              <mat-select formControlName="test" tpTest="camp-finish-test">
                <mat-option value="" data-value="">—</mat-option>
                @for (test of tests; track test) {
                  @if (value().settings.tests.includes(test)) {
                    <mat-option [value]="test" [attr.data-value]="test">{{ testWords[test] | t }}</mat-option>
                  }
                }
              </mat-select>
            </mat-form-field>
            <tp-field-error [control]="finish.test" [label]="labels.finishTest" testId="error-finish.test" />
          </div>
        }
      </div>
      @if (general(); as e) { <p class="banner danger" role="alert" tpTest="camp-error">{{ e }}</p> }
      @if (refused(); as why) {
        <p class="banner danger" role="alert" tpTest="camp-refused">{{ 'Not started: {why}' | t: { why } }}</p>
      }
      <div class="actions">
        <button *tpRequiresRole="role.write" matButton="filled" type="submit" class="primary" tpTest="camp-start"
                [disabled]="starting() || busy() || checking() || missingAcks().length > 0">{{ 'Start campaign' | t }}</button>
      </div>
    </form></mat-card>
    @if (confirming()) {
      <tp-confirm-dialog [title]="value().allow_reboot ? 'Start a campaign that may restart the box?' : 'Start a campaign that restarts services or changes the pool?'"
                         [effects]="confirmations()" action="Start campaign"
                         message="Starting this campaign also does the following to the box:" [danger]="true"
                         (confirmed)="confirmed()" (cancelled)="confirming.set(false)" />
    }
  `,
})
export class CampaignFormComponent {
  protected readonly role = ROLE;
  private readonly api = inject(ApiService);
  protected readonly presets = inject(PresetsStore);
  private readonly campaigns = inject(CampaignsStore);
  /** A campaign is running: one at a time. */
  readonly busy = input(false);
  readonly started = output<void>();
  readonly finished = output<Campaign>();

  protected readonly tests = BENCHMARK_TESTS;
  protected readonly testWords = TEST_WORDS;
  protected readonly labels = {
    dataset: T('Dataset'),
    presets: T('Presets'),
    acknowledge: T('Settings that can lose data'),
    order: T('Order'),
    label: T('Label'),
    allow_reboot: T('Allow reboots'),
    client_session: T('Measured on'),
    client_sessions: T('Clients measuring together'),
    client_mode: T('How the clients measure'),
    client_ready_seconds: T('Seconds to wait for every client'),
    finishMode: T('At the end, keep'),
    finishPreset: T('Preset'),
    finishTest: T('Test'),
  };

  protected readonly form = campaignForm(inject(NonNullableFormBuilder));
  protected readonly finish = this.form.controls.finish.controls;
  /** No default: the campaign applies presets to it again and again, and a pool root's children all inherit. */
  protected readonly noDatasets = noDatasetsWords();
  protected readonly datasets = datasetChoice(this.form.controls.dataset, { pickFirst: false });
  protected readonly value = computed(() => this.state().value);
  private readonly state = formState(this.form);
  /** The DANGEROUS rows of the chosen presets' plans on the chosen dataset, one per key. */
  protected readonly dangers = signal<TuningChange[]>([]);
  protected readonly acknowledged = computed((): ReadonlySet<string> => new Set(this.value().acknowledge));
  protected readonly missingAcks = computed(() => missingAcknowledgements(this.dangers(), this.acknowledged()));
  protected readonly checking = signal(false);
  protected readonly dangerError = signal<string | null>(null);
  /** What the server refused that no field shows. */
  protected readonly general = signal<string | null>(null);
  /** The refusals on fields, said again beside Start (the field may be off-screen on a phone). */
  protected readonly refused = signal<string | null>(null);
  protected readonly starting = signal(false);
  /** The chosen presets whose plan on the chosen dataset needs a reboot. */
  private readonly rebootPresets = signal<ReadonlySet<string>>(new Set());
  /** What applying the chosen presets does beyond values (restarts a sharing service, changes the pool's vdevs). */
  private readonly applyEffects = signal<ConfirmEffect[]>([]);
  /** The Confirm tick before a campaign that may reboot or has such effects starts, as before such an apply. */
  protected readonly confirming = signal(false);
  protected readonly confirmations = computed((): ConfirmEffect[] =>
    [...this.applyEffects(), ...(this.value().allow_reboot ? [this.rebootWords()] : [])]);
  protected readonly rebootWords = computed((): ConfirmEffect => {
    const v = this.value();
    const n = campaignReboots(v.presets, this.rebootPresets(), v.settings.rounds ?? 3, v.order, v.finish);
    return n === 0
      ? { kind: 'REBOOT', text: T('None of the chosen presets needs a restart on this box now, so the campaign should not restart it.'), params: {} }
      : { kind: 'REBOOT', text: n === 1 ? T('It may restart the box once; everyone loses access while it restarts.')
        : T('It may restart the box up to {n} times; everyone loses access during each restart.'), params: { n: String(n) } };
  });
  protected readonly words = {
    clientsWords: T("Pick 1 to {max} client sessions, one per client. Every benchmark step is measured by all of them at the same time; each client's result is kept, and the step's figure is their sum (throughput and IOPS added)."),
    fioMode: T("fio's own distributed mode"),
    fioWords: T("For clients the box can reach over the network. Instead of its agent, each client runs the kit's fio-server command (python3 tuning_client.py fio-server, with --bind and the client's address on the box's network); the box then runs fio on all of them at once and keeps fio's sum over all clients."),
    fioWarning: T("fio's server has no authentication: anyone who reaches its port while it runs can send it jobs. Bind it to the client's address on the box's network, never to all addresses. The box connects to each client on TCP port 8765 (fio's own; --port changes it): open it to the box only."),
  };
  protected readonly several = SEVERAL_CLIENTS;
  protected readonly maxClients = MAX_CLIENTS;
  protected readonly readyBounds = { ...CLIENT_READY_SECONDS };
  /** Client sessions whose token still works: their agents can measure the steps. */
  protected readonly clientSessions = signal<ClientSession[]>([]);

  constructor() {
    this.api.call('tuning.client.session.query', [[['state', '=', 'ACTIVE']]])
      .pipe(takeUntilDestroyed()).subscribe({ next: (rows) => this.clientSessions.set(rows), error: () => this.clientSessions.set([]) });
    const { dataset, presets, client_session, client_mode } = this.form.controls;
    merge(client_session.valueChanges, client_mode.valueChanges)
      .pipe(takeUntilDestroyed()).subscribe(() => followClientChoice(this.form));
    merge(dataset.valueChanges.pipe(distinctUntilChanged()), presets.valueChanges.pipe(distinctUntilChanged()))
      .pipe(takeUntilDestroyed()).subscribe(() => void this.checkDangers());
  }

  protected sessionWords(s: ClientSession): string {
    return `${s.protocol} client agent · session ${s.id} · ${s.label}`;
  }

  protected togglePreset(id: string): void {
    toggleInList(this.form.controls.presets, id);
  }

  protected toggleClient(id: number): void {
    toggleInList(this.form.controls.client_sessions, String(id));
  }

  protected toggleAck(key: string): void {
    toggleInList(this.form.controls.acknowledge, key);
  }

  /**
   * Preview every chosen preset on the chosen dataset (what the campaign will apply) and list its DANGEROUS rows;
   * acknowledgements of rows no longer listed are dropped, so none is ever sent for a setting nobody saw.
   */
  private async checkDangers(): Promise<void> {
    const { dataset: datasetControl, presets: presetsControl, acknowledge } = this.form.controls;
    const dataset = datasetControl.value;
    const presets = presetsControl.value;
    const current = () => dataset === datasetControl.value && presets === presetsControl.value;
    if (!dataset) {
      // nothing to preview until the admin picks a dataset (the start button is refused by the form anyway)
      this.dangers.set([]);
      this.applyEffects.set([]);
      this.rebootPresets.set(new Set());
      this.checking.set(false);
      return;
    }
    this.checking.set(true);
    this.dangerError.set(null);
    try {
      const target = { pool: dataset.split('/')[0], dataset };
      const plans = await Promise.all(presets.map((id) => firstValueFrom(this.api.call('tuning.preset.preview', [id, target]))));
      if (!current()) {
        return; // a newer choice is being checked
      }
      const byKey = new Map(plans.flatMap((plan) => plan.changes).filter((c) => c.risk === 'DANGEROUS').map((c) => [c.key, c]));
      this.dangers.set([...byKey.values()]);
      this.rebootPresets.set(new Set(presets.filter((_, i) => plans[i].needs_reboot)));
      this.applyEffects.set(campaignApplyEffects(plans));
      acknowledge.setValue(acknowledge.value.filter((k) => byKey.has(k)));
    } catch (error) {
      this.dangers.set([]);
      this.applyEffects.set([]);
      this.dangerError.set(errorMessage(error));
    } finally {
      if (current()) {
        this.checking.set(false);
      }
    }
  }

  /**
   * Start the job. Its progress is followed through the campaign's own events (the job may end with a reboot and
   * the campaign go on in a new one), so here only a refusal matters: the server's errors go on their fields.
   */
  protected start(): void {
    const controls = campaignControls(this.form);
    this.general.set(null);
    this.refused.set(null);
    if (!readyToSend(this.form, controls)) {
      return;
    }
    if (this.confirmations().length) {
      this.confirming.set(true);
      return;
    }
    this.send();
  }

  protected confirmed(): void {
    this.confirming.set(false);
    this.send();
  }

  private send(): void {
    const controls = campaignControls(this.form);
    this.starting.set(true);
    const job$ = this.api.job('tuning.campaign.run', [campaignSpec(this.form.getRawValue())]);
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
          this.general.set(setServerErrors(error, controls));
          this.refused.set(refusedOnFields(error, controls));
        }
      },
    });
  }
}
