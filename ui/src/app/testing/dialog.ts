// Dialogs in specs: the panel's dialogs and slide-ins (tpDialog) render in the CDK's overlay container at the end of
// <body>, outside the component's fixture, so a spec looks for their controls there.
import { InteractivityChecker } from '@angular/cdk/a11y';
import { Injectable, Provider } from '@angular/core';

import { Rendered, chooseIn, optionsOf, selectedIn } from './render';

const IN_OVERLAY = '.cdk-overlay-container';

/** The open dialogs: the CDK's containers, which carry role="dialog", aria-modal and the name. */
export function openDialogs(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`${IN_OVERLAY} [role="dialog"]`)];
}

/** The element with this `data-test` id in an open dialog (null when absent). */
export function inDialog<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return document.querySelector<T>(`${IN_OVERLAY} [data-test="${id}"]`);
}

/** The dialog (role="dialog") around an element of its content. */
export function dialogOf(element: Element): HTMLElement {
  const dialog = element.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) {
    throw new Error('not in a dialog');
  }
  return dialog;
}

/**
 * Tab and Shift+Tab past the last or first control, as a browser does it: focus lands on the CDK focus trap's anchor
 * after or before the dialog, and the trap moves it to the other end.
 */
export function tabPast(edge: 'end' | 'start', dialog: HTMLElement = openDialogs().at(-1)!): void {
  const anchors = dialog.parentElement!.querySelectorAll<HTMLElement>(':scope > .cdk-focus-trap-anchor');
  anchors[edge === 'end' ? anchors.length - 1 : 0].focus();
}

/**
 * A rendered page whose `q`, `all`, `type`, `choose`, `options` and `selected` also reach into its open dialogs (a
 * confirmation, a job's progress, a slide-in's form). The fixture comes first, then the dialogs.
 */
export function withDialogs<C>(rendered: Rendered<C>): Rendered<C> {
  const q = <T extends HTMLElement = HTMLElement>(id: string) => rendered.q<T>(id) ?? inDialog<T>(id);
  const all = (prefix: string) => [
    ...rendered.all(prefix), ...document.querySelectorAll<HTMLElement>(`${IN_OVERLAY} [data-test^="${prefix}"]`),
  ];
  const find = (id: string): HTMLElement => {
    const element = q(id);
    if (!element) {
      throw new Error(`no element [data-test="${id}"]`);
    }
    return element;
  };
  return {
    ...rendered, q, all,
    type: async (id, value) => {
      const input = find(id) as HTMLInputElement;
      input.value = value;
      input.dispatchEvent(new Event('input'));
      await rendered.settle();
    },
    choose: (id, value) => chooseIn(find(id), value, rendered.settle),
    options: (id) => optionsOf(find(id)),
    selected: (id) => selectedIn(find(id)),
  };
}

/**
 * jsdom lays nothing out, so the CDK's InteractivityChecker finds no control visible and a dialog focuses itself
 * instead of its first control. Provided in a spec, every element counts as visible (disabled ones stay skipped), so
 * the spec can check where focus starts and how Tab wraps.
 */
@Injectable()
class LaidOutInteractivityChecker extends InteractivityChecker {
  override isVisible(): boolean {
    return true;
  }
}

export const LAID_OUT: Provider = { provide: InteractivityChecker, useClass: LaidOutInteractivityChecker };
