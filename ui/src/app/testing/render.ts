import { EnvironmentProviders, Provider, Type } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';

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
  choose: (id: string, value: string) => Promise<void>;
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
  const fire = async (id: string, value: string, event: string) => {
    const input = q<HTMLInputElement>(id);
    if (!input) {
      throw new Error(`no element [data-test="${id}"]`);
    }
    input.value = value;
    input.dispatchEvent(new Event(event));
    await settle();
  };
  await settle();
  return {
    fixture, el, q, all, settle,
    type: (id, value) => fire(id, value, 'input'),
    choose: (id, value) => fire(id, value, 'change'),
  };
}
