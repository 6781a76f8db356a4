import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

/**
 * The few icons the panel draws, from the Material Design Icons set the TrueNAS web UI uses (`mdi-*`, Apache 2.0),
 * inline so they need no font, sprite or request (and pass the panel's Content-Security-Policy). Decorative: the
 * control next to it carries the words.
 */
const PATHS = {
  lock: 'M12,17A2,2 0 0,0 14,15C14,13.89 13.1,13 12,13A2,2 0 0,0 10,15A2,2 0 0,0 12,17M18,8A2,2 0 0,1 20,10V20A2,2 0'
    + ' 0,1 18,22H6A2,2 0 0,1 4,20V10C4,8.89 4.9,8 6,8H7V6A5,5 0 0,1 12,1A5,5 0 0,1 17,6V8H18M12,3A3,3 0 0,0 9,6V8H1'
    + '5V6A3,3 0 0,0 12,3Z',
  logout: 'M17,7L15.59,8.41L18.17,11H8V13H18.17L15.59,15.58L17,17L22,12M4,5H12V3H4C2.9,3 2,3.9 2,5V19A2,2 0 0,0 4,21'
    + 'H12V19H4V5Z',
  back: 'M20,11V13H8L13.5,18.5L12.08,19.92L4.16,12L12.08,4.08L13.5,5.5L8,11H20Z',
  theme: 'M12,18V6A6,6 0 0,1 18,12A6,6 0 0,1 12,18M20,15.31L23.31,12L20,8.69V4H15.31L12,0.69L8.69,4H4V8.69L0.69,12L4'
    + ',15.31V20H8.69L12,23.31L15.31,20H20V15.31Z',
  account: 'M12,19.2C9.5,19.2 7.29,17.92 6,16C6.03,14 10,12.9 12,12.9C14,12.9 17.97,14 18,16C16.71,17.92 14.5,19.2 1'
    + '2,19.2M12,5A3,3 0 0,1 15,8A3,3 0 0,1 12,11A3,3 0 0,1 9,8A3,3 0 0,1 12,5M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,'
    + '22A10,10 0 0,0 22,12C22,6.47 17.5,2 12,2Z',
  jobs: 'M19,3H14.82C14.4,1.84 13.3,1 12,1C10.7,1 9.6,1.84 9.18,3H5A2,2 0 0,0 3,5V19A2,2 0 0,0 5,21H19A2,2 0 0,0 21,'
    + '19V5A2,2 0 0,0 19,3M12,3A1,1 0 0,1 13,4A1,1 0 0,1 12,5A1,1 0 0,1 11,4A1,1 0 0,1 12,3M7,7H17V9H7V7M7,11H17V13H'
    + '7V11M7,15H14V17H7V15Z',
} as const;

export type IconName = keyof typeof PATHS;

@Component({
  selector: 'tp-icon',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { 'aria-hidden': 'true', class: 'tp-icon' },
  styles: `
    :host { display: inline-flex; width: 1.25em; height: 1.25em; flex: none; vertical-align: middle; }
    svg { width: 100%; height: 100%; fill: currentColor; }
  `,
  template: `<svg viewBox="0 0 24 24" focusable="false"><path [attr.d]="path()" /></svg>`,
})
export class IconComponent {
  readonly name = input.required<IconName>();
  protected readonly path = computed(() => PATHS[this.name()]);
}
