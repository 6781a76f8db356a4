import { EnvironmentProviders, Provider, Type, getDebugNode } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { MatSelect } from '@angular/material/select';

/** An option of a select as a person meets it: its words, and the value the form gets. */
export interface ShownOption {
  value: string;
  text: string;
  disabled: boolean;
}

export interface Rendered<C> {
  fixture: ComponentFixture<C>;
  el: HTMLElement;
  /** The element with this `data-test` id (null when absent). */
  q: <T extends HTMLElement = HTMLElement>(id: string) => T | null;
  /** Every element whose `data-test` id starts with this prefix. */
  all: (prefix: string) => HTMLElement[];
  /** Let pending promises, signals and change detection run to rest. */
  settle: () => Promise<void>;
  type: (id: string, value: string) => Promise<void>;
  /** See `chooseIn`. */
  choose: (id: string, value: string) => Promise<void>;
  /** See `optionsOf`. */
  options: (id: string) => ShownOption[];
  /** See `selectedIn`. */
  selected: (id: string) => string;
}

/** The Material select on this element, or null for any other element. */
function materialSelect(element: HTMLElement): MatSelect | null {
  return element.tagName === 'MAT-SELECT' ? getDebugNode(element)!.injector.get(MatSelect) : null;
}

const asText = (value: unknown): string => (value == null ? '' : String(value));

/**
 * Pick the option whose value is `value` in a select (for specs with a render of their own): a Material select is
 * opened and the option clicked, as a person does; a native select gets the value and a change event.
 */
export async function chooseIn(element: HTMLElement, value: string, settle: () => Promise<void>): Promise<void> {
  const select = materialSelect(element);
  if (!select) {
    (element as HTMLSelectElement).value = value;
    element.dispatchEvent(new Event('change'));
    await settle();
    return;
  }
  element.querySelector<HTMLElement>('.mat-mdc-select-trigger')!.click();
  await settle();
  if (!select.panelOpen) {
    throw new Error(`[data-test="${element.dataset['test']}"] does not open${select.disabled ? ': it is disabled' : ''}`);
  }
  const option = select.options.find((o) => asText(o.value) === value);
  if (!option) {
    const offered = select.options.map((o) => `"${asText(o.value)}"`).join(', ');
    throw new Error(`no option "${value}" in [data-test="${element.dataset['test']}"]: ${offered}`);
  }
  option._getHostElement().click();
  await settle();
}

/** A select's options in their order (a Material select's too, open or closed). */
export function optionsOf(element: HTMLElement): ShownOption[] {
  const select = materialSelect(element);
  if (select) {
    return select.options.map((o) => ({ value: asText(o.value), text: o.viewValue, disabled: o.disabled }));
  }
  return [...(element as HTMLSelectElement).options].map((o) => ({ value: o.value, text: o.textContent!.trim(), disabled: o.disabled }));
}

/** A select's value now ('' when nothing is chosen). */
export function selectedIn(element: HTMLElement): string {
  const select = materialSelect(element);
  return asText(select ? select.value : (element as HTMLSelectElement).value);
}

/** `inputs` are set before the first change detection (required inputs need a value by then). */
export async function render<C>(component: Type<C>, providers: (Provider | EnvironmentProviders)[], setup?: () => Promise<void>,
  inputs: Record<string, unknown> = {}): Promise<Rendered<C>> {
  TestBed.configureTestingModule({ imports: [component], providers });
  await TestBed.compileComponents(); // resolves @defer dependencies
  await setup?.();
  const fixture = TestBed.createComponent(component);
  for (const [name, value] of Object.entries(inputs)) {
    fixture.componentRef.setInput(name, value);
  }
  const el = fixture.nativeElement as HTMLElement;
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      fixture.detectChanges();
      await fixture.whenStable();
      await new Promise((r) => setTimeout(r));
    }
  };
  const q = <T extends HTMLElement = HTMLElement>(id: string) => el.querySelector<T>(`[data-test="${id}"]`);
  const all = (prefix: string) => [...el.querySelectorAll<HTMLElement>(`[data-test^="${prefix}"]`)];
  const find = (id: string): HTMLElement => {
    const element = q(id);
    if (!element) {
      throw new Error(`no element [data-test="${id}"]`);
    }
    return element;
  };
  const fire = async (id: string, value: string, event: string) => {
    const input = find(id) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event(event));
    await settle();
  };
  await settle();
  return {
    fixture, el, q, all, settle,
    type: (id, value) => fire(id, value, 'input'),
    choose: (id, value) => chooseIn(find(id), value, settle),
    options: (id) => optionsOf(find(id)),
    selected: (id) => selectedIn(find(id)),
  };
}
