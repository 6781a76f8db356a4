import { Component } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';
import { BehaviorSubject, Subject } from 'rxjs';

import { RpcConnection } from '../api/rpc-connection.service';
import { ReturnToPage, returnTarget } from './return-to';

@Component({ template: '' })
class Blank {}

function setup() {
  const connection = { closed$: new Subject<void>(), authenticated$: new BehaviorSubject(false) };
  TestBed.configureTestingModule({
    providers: [provideRouter([{ path: '', component: Blank }, { path: 'campaigns', component: Blank }]),
      { provide: RpcConnection, useValue: connection }],
  });
  TestBed.runInInjectionContext(() => TestBed.inject(ReturnToPage).start());
  return { connection, router: TestBed.inject(Router) };
}

describe('ReturnToPage', () => {
  beforeEach(() => sessionStorage.clear());

  it('goes back to the page the user was on when the panel comes back on the Overview after a reboot', async () => {
    let { connection, router } = setup();
    await router.navigateByUrl('/campaigns?id=3');
    connection.authenticated$.next(true);
    connection.closed$.next();   // the box went down

    TestBed.resetTestingModule();     // the page was reloaded at the panel's base address
    ({ connection, router } = setup());
    await router.navigateByUrl('/');
    connection.authenticated$.next(true);
    await new Promise((r) => setTimeout(r));
    expect(router.url).toBe('/campaigns?id=3');
  });

  it('stays where the user went meanwhile, and only once', () => {
    expect(returnTarget('/campaigns', '/presets')).toBeNull();
    expect(returnTarget('/campaigns', '/campaigns')).toBeNull();
    expect(returnTarget(null, '/')).toBeNull();
    expect(returnTarget('/campaigns', '/')).toBe('/campaigns');
  });
});
