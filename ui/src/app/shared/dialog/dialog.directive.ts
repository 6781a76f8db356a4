import { ConfigurableFocusTrapFactory, FocusTrapFactory } from '@angular/cdk/a11y';
import { Dialog, DialogConfig, DialogRef } from '@angular/cdk/dialog';
import { ESCAPE, hasModifierKey } from '@angular/cdk/keycodes';
import { createGlobalPositionStrategy } from '@angular/cdk/overlay';
import {
  Directive, Injector, OnDestroy, OnInit, TemplateRef, ViewContainerRef, booleanAttribute, inject, input, output,
} from '@angular/core';
import { Subscription } from 'rxjs';

/** How a dialog sits on the page: centred, or a full-height panel from the right (TrueNAS's form slide-in). */
export type DialogShape = 'dialog' | 'slide-in';

type Placement = Pick<DialogConfig, 'positionStrategy' | 'width' | 'maxWidth' | 'height' | 'maxHeight'>;

/** Where each shape sits and how big its pane is. */
function placement(shape: DialogShape, width: string | null, injector: Injector): Placement {
  if (shape === 'slide-in') {
    // A phone gets the whole screen.
    return { positionStrategy: createGlobalPositionStrategy(injector).top('0').end('0'), width: width ?? '640px',
      maxWidth: '100vw', height: '100%' };
  }
  // A phone keeps a 12 px rim of the page around it; the content scrolls when taller than the screen.
  return { width: width ?? '560px', maxWidth: 'calc(100vw - 24px)', maxHeight: 'calc(100vh - 24px)' };
}

/**
 * What makes a template a modal dialog or slide-in, the one way for all of them: the `<ng-template tpDialog>` is shown
 * in the CDK dialog for as long as the directive lives, so an `@if` around it opens and closes it. The CDK gives the
 * overlay container, the backdrop, `role="dialog"` with aria-modal and a name, the rest of the page hidden from screen
 * readers, page scroll blocked, the focus trap (focus starts on the element `tpDialogFocus` names, else on a
 * `cdkFocusInitial` control, else on the first control; Tab and Shift+Tab wrap; focus that lands on the page behind,
 * e.g. from the body after the focused button went away, is brought back) and focus given back to the control that
 * opened it.
 *
 * The host owns the open state (its inputs, a signal, a job's phase), so the CDK never closes the dialog itself: Esc
 * and, unless `tpDialogBackdropDismisses` is false, a click beside it are reported as `tpDialogDismiss` and the host
 * decides what that means (cancel, close, send a job to the background, nothing while the box restarts).
 */
@Directive({ selector: 'ng-template[tpDialog]' })
export class DialogDirective implements OnInit, OnDestroy {
  readonly shape = input<DialogShape, DialogShape | ''>('dialog', {
    alias: 'tpDialog', transform: (v: DialogShape | '') => v || 'dialog',
  });
  /** The dialog's accessible name, already translated; or `tpDialogLabelledBy`, the id of its heading. */
  readonly label = input<string | null>(null, { alias: 'tpDialogLabel' });
  readonly labelledBy = input<string | null>(null, { alias: 'tpDialogLabelledBy' });
  /** The pane's width; a phone gets the screen's width instead when it is narrower. */
  readonly width = input<string | null>(null, { alias: 'tpDialogWidth' });
  /** A CSS selector for where focus starts, when that is not a control of ours (the input inside a mat-checkbox). */
  readonly focus = input<string | null>(null, { alias: 'tpDialogFocus' });
  readonly backdropDismisses = input(true, { alias: 'tpDialogBackdropDismisses', transform: booleanAttribute });
  readonly dismiss = output<void>({ alias: 'tpDialogDismiss' });

  private readonly dialog = inject(Dialog);
  private readonly template = inject(TemplateRef);
  private readonly viewContainer = inject(ViewContainerRef);
  // The CDK's configurable trap: the plain one only wraps Tab at its edges, this one also pulls back focus that
  // reached the page behind (and hands the trap over to a dialog opened on top).
  private readonly injector = Injector.create({
    parent: inject(Injector),
    providers: [{ provide: FocusTrapFactory, useExisting: ConfigurableFocusTrapFactory }],
  });
  private ref: DialogRef | null = null;
  private readonly subscriptions = new Subscription();

  ngOnInit(): void {
    this.ref = this.dialog.open(this.template, {
      ...placement(this.shape(), this.width(), this.injector),
      // In the host's view: its change detection and providers reach the content, as they did inline.
      viewContainerRef: this.viewContainer,
      injector: this.injector,
      ariaLabel: this.label(),
      ariaLabelledBy: this.labelledBy(),
      ariaModal: true,
      autoFocus: this.focus() ?? 'first-tabbable',
      // The host closes it, by destroying the directive; Esc and the backdrop are reported below.
      disableClose: true,
      closeOnNavigation: false,
    });
    this.subscriptions.add(this.ref.keydownEvents.subscribe((event) => {
      if ((event.key === 'Escape' || event.keyCode === ESCAPE) && !hasModifierKey(event)) {
        event.preventDefault();
        this.dismiss.emit();
      }
    }));
    // Without it the CDK only puts the focus back into the dialog (it does that on every backdrop click).
    this.subscriptions.add(this.ref.backdropClick.subscribe(() => {
      if (this.backdropDismisses()) {
        this.dismiss.emit();
      }
    }));
  }

  ngOnDestroy(): void {
    this.subscriptions.unsubscribe();
    this.ref?.close();
    this.ref = null;
  }
}
