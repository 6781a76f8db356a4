import { TestBed } from '@angular/core/testing';

import { TOKEN_STORAGE, WEBUI_TOKEN, WEBUI_TOKEN_KEY, parseWebUiToken } from './token-storage';

describe('token storage', () => {
  afterEach(() => localStorage.clear());

  it('reads the web UI token as ngx-webstorage stores it (JSON text under ngx-webstorage|token)', () => {
    localStorage.setItem('ngx-webstorage|token', JSON.stringify('abc.DEF-123'));
    expect(WEBUI_TOKEN_KEY).toBe('ngx-webstorage|token');
    expect(TestBed.inject(WEBUI_TOKEN).get()).toBe('abc.DEF-123');
  });

  it.each([
    ['missing', null],
    ['cleared by the web UI', 'null'],
    ['the string "null"', '"null"'],
    ['empty', '""'],
    ['not JSON', 'abc'],
    ['not a string', '{"token":"abc"}'],
  ])('has no web UI token when the stored value is %s', (_, raw) => {
    expect(parseWebUiToken(raw)).toBeNull();
  });

  it('knows the web UI lives on this origin from its entry, even one its logout cleared', () => {
    const webUi = TestBed.inject(WEBUI_TOKEN);
    expect(webUi.present()).toBe(false);
    localStorage.setItem(WEBUI_TOKEN_KEY, 'null');
    expect(webUi.present()).toBe(true);
    expect(webUi.get()).toBeNull();
  });

  it('keeps its own token under its own key and never touches the web UI one', () => {
    localStorage.setItem(WEBUI_TOKEN_KEY, '"webui"');
    const own = TestBed.inject(TOKEN_STORAGE);
    own.set('mine');
    expect(localStorage.getItem('tuning.auth.token')).toBe('mine');
    expect(own.get()).toBe('mine');
    own.clear();
    expect(own.get()).toBeNull();
    expect(localStorage.getItem(WEBUI_TOKEN_KEY)).toBe('"webui"');
  });
});
