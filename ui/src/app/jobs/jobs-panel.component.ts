import { ChangeDetectionStrategy, Component, ElementRef, computed, inject, signal, viewChild } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatProgressBar } from '@angular/material/progress-bar';

import { Job } from '../api/models/job';
import { AuthService } from '../auth/auth.service';
import { RequiresRoleDirective } from '../auth/requires-role/requires-role.directive';
import { Role } from '../auth/roles';
import { TranslatePipe } from '../i18n/translate.pipe';
import { IconComponent } from '../shared/icon/icon.component';
import { JOB_STATE_WORDS, abortRole, isInternalJob, jobDetail, jobEndWords, jobTime, jobWords } from './job-words';
import { JobsStore } from './jobs.store';
import { TestIdDirective } from '../shared/test-id/test-id.directive';

/**
 * The header's jobs button and panel, as in the TrueNAS web UI: running jobs with their progress in words and Abort,
 * then the recent ones with how they ended. A job sent to the background from its dialog is found here.
 */
@Component({
  selector: 'tp-jobs-panel',
  imports: [TestIdDirective, MatProgressBar, MatButton, TranslatePipe, IconComponent, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { '(document:keydown.escape)': 'close()' },
  template: `
    <button matButton="text" #toggle type="button" tpTest="jobs-toggle" [attr.aria-expanded]="open()" aria-controls="jobs-panel"
            (click)="open.set(!open())">
      <tp-icon name="jobs" /><span class="label">{{ 'Jobs' | t }}</span>
      @if (running().length; as n) { <span class="badge" tpTest="jobs-running-count">{{ n }}</span> }
    </button>
    @if (open()) {
      <section id="jobs-panel" class="panel" role="region" [attr.aria-label]="'Jobs' | t" tpTest="jobs-panel">
        <div class="head">
          <h2>{{ 'Jobs' | t }}</h2>
          <button matButton="outlined" type="button" tpTest="jobs-close" (click)="close()">{{ 'Close' | t }}</button>
        </div>
        @if (store.error(); as e) { <p class="banner danger" role="alert" tpTest="jobs-error">{{ e }}</p> }
        <h3>{{ 'Running' | t }}</h3>
        <ul>
          @for (job of running(); track job.id) {
            <li [tpTest]="['job', job.id]">
              <div class="row"><strong>{{ words(job) | t }}</strong><span class="muted">{{ stateWords[job.state] | t }}</span></div>
              @if (detail(job); as d) { <div class="small" [tpTest]="['job-detail', job.id]">{{ d.key | t: d.params }}</div> }
              <mat-progress-bar [mode]="job.progress.percent == null ? 'indeterminate' : 'determinate'"
                                [value]="job.progress.percent ?? 0" [attr.aria-label]="words(job) | t"
                                [tpTest]="['job-progress', job.id]" />
              <div class="row">
                <span class="muted" [tpTest]="['job-description', job.id]">{{ job.progress.description ?? ('Starting…' | t) }}</span>
                @if (job.abortable) {
                  <button *tpRequiresRole="abortRole(job)" matButton="filled" type="button" class="danger"
                          [tpTest]="['job-abort', job.id]" (click)="store.abort(job)">{{ 'Abort' | t }}</button>
                }
              </div>
            </li>
          } @empty {
            <li class="muted" tpTest="jobs-none-running">{{ 'Nothing is running.' | t }}</li>
          }
        </ul>
        <h3>{{ 'Recent' | t }}</h3>
        <ul>
          @for (job of recent(); track job.id) {
            <li [tpTest]="['job', job.id]">
              <div class="row">
                <strong>{{ words(job) | t }}</strong>
                <span [class]="job.state === 'SUCCESS' ? 'ok' : 'danger-text'" [tpTest]="['job-state', job.id]">{{ stateWords[job.state] | t }}</span>
              </div>
              @if (detail(job); as d) { <div class="small" [tpTest]="['job-detail', job.id]">{{ d.key | t: d.params }}</div> }
              @if (endWords(job); as e) {
                <div class="small" [tpTest]="['job-error', job.id]">{{ e.key | t: e.params }}</div>
              }
              <div class="small muted">{{ time(job.time_finished ?? job.time_started) }}</div>
            </li>
          } @empty {
            <li class="muted" tpTest="jobs-none-recent">{{ 'No finished jobs yet.' | t }}</li>
          }
        </ul>
        @if (folded(); as n) {
          <p class="small muted" tpTest="jobs-folded">{{ (n === 1 ? 'One internal step (a tunable written for a change) is not listed.' : '{n} internal steps (tunables written for changes) are not listed.') | t: { n } }}</p>
        }
      </section>
    }
  `,
  styles: `
    :host { position: relative; }
    .badge { display: inline-block; min-width: 1.4em; margin-left: 4px; padding: 0 4px; border-radius: 8px;
      background: var(--primary); color: var(--primary-fg); font-size: 0.85em; text-align: center; }
    /* The toolbar around it sets nowrap and its title font: the panel's text wraps at the panel's width instead. */
    .panel { position: absolute; right: 0; top: calc(100% + 6px); z-index: 20; width: min(380px, 92vw);
      max-height: 70vh; overflow: auto; padding: 8px 12px; background: var(--bg2); color: var(--fg1);
      border: 1px solid var(--line); border-radius: 4px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.3);
      white-space: normal; overflow-wrap: anywhere;
      font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
    .head { display: flex; justify-content: space-between; align-items: center; }
    .panel { letter-spacing: normal; }
    /* the toolbar's title font is on its headings too (.mat-toolbar h2): the panel's own, by a stronger selector */
    .panel h2, .panel h3 { font-family: inherit; font-weight: 600; line-height: 1.3; letter-spacing: normal; }
    .panel h2 { font-size: 1.1em; margin: 4px 0; }
    .panel h3 { font-size: 0.95em; margin: 10px 0 4px; }
    ul { list-style: none; margin: 0; padding: 0; }
    li { padding: 6px 0; border-top: 1px solid var(--line); }
    .row { display: flex; justify-content: space-between; gap: 8px; align-items: center; }
    progress { width: 100%; }
    .small { font-size: 0.85em; }
    .danger-text { color: var(--danger); }
    .tp-icon { margin-right: 4px; }
    /* On a phone the jobs button is not at the screen's edge: the panel spans the screen instead of hanging off it. */
    @media (max-width: 600px) {
      .panel { position: fixed; top: auto; left: 8px; right: 8px; width: auto; }
    }
    @media (max-width: 800px) {
      .label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      .tp-icon { margin-right: 0; }
    }
  `,
})
export class JobsPanelComponent {
  protected readonly store = inject(JobsStore);
  private readonly auth = inject(AuthService);
  protected readonly open = signal(false);
  /** The plugin's own jobs; the tunables TrueNAS writes for them are folded (their work is the parent's). */
  protected readonly running = computed(() => this.store.running().filter((j) => !isInternalJob(j)));
  protected readonly recent = computed(() => this.store.recent().filter((j) => !isInternalJob(j)));
  protected readonly folded = computed(() =>
    [...this.store.running(), ...this.store.recent()].filter(isInternalJob).length);
  protected readonly stateWords = JOB_STATE_WORDS;
  protected readonly words = (job: Job) => jobWords(job);
  protected readonly detail = jobDetail;
  protected readonly endWords = (job: Job) => jobEndWords(job);
  protected readonly time = (value: unknown) => jobTime(value);
  private readonly toggle = viewChild('toggle', { read: ElementRef<HTMLButtonElement> });

  protected abortRole(job: Job): Role | null {
    return abortRole(job, this.auth.username());
  }

  close(): void {
    if (this.open()) {
      this.open.set(false);
      this.toggle()?.nativeElement.focus();
    }
  }
}
