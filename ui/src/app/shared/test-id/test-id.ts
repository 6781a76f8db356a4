// Test ids the way the TrueNAS web UI builds them with its [ixTest] directive: the element's kind, then the
// description's parts, each kebab-cased, joined with '-' (`<button tpTest="save">` -> `button-save`).

/** One part of a test id's description; null, undefined and '' parts are dropped. */
export type TestIdPart = string | number | null | undefined;
export type TestIdDescription = TestIdPart | readonly TestIdPart[];

/** TrueNAS's kinds, then the ones this panel adds for the other elements that carry an id. */
const KINDS: Record<string, string> = {
  // As in TrueNAS.
  tr: 'row',
  'mat-slide-toggle': 'toggle',
  'mat-checkbox': 'checkbox',
  'mat-option': 'option',
  'mat-select': 'select',
  'mat-radio-group': 'radio-group',
  'mat-radio-button': 'radio-button',
  'mat-icon': 'icon',
  'mat-row': 'row',
  'mat-slider': 'slider',
  'mat-button-toggle-group': 'button-toggle-group',
  'mat-button-toggle': 'button-toggle',
  input: 'input',
  button: 'button',
  select: 'select',
  textarea: 'textarea',
  table: 'table',
  a: 'link',
  div: 'text',
  p: 'text',
  span: 'text',
  // This panel's.
  strong: 'text',
  pre: 'text',
  code: 'text',
  td: 'cell',
  details: 'details',
  summary: 'summary',
  section: 'section',
  form: 'form',
  fieldset: 'fieldset',
  li: 'item',
  ul: 'list',
  ol: 'list',
  dl: 'list',
  dd: 'value',
  h2: 'heading',
  h3: 'heading',
  iframe: 'frame',
  'mat-paginator': 'paginator',
  'mat-card': 'card',
  'mat-hint': 'hint',
  'mat-progress-bar': 'progress-bar',
  'tp-tile-grid': 'tiles',
  'tp-benchmark-details': 'details',
  'tp-setting-facts': 'facts',
  // Charts (SVG; tag names are case-sensitive there, as the DOM reports them).
  svg: 'chart',
  g: 'group',
  text: 'text',
  rect: 'shape',
  circle: 'shape',
};

/** The kind word for an element's tag, null for a tag this panel has not given one. */
export function testIdKind(tag: string): string | null {
  return KINDS[tag.toLowerCase()] ?? null;
}

/**
 * kebab-case, as TrueNAS does with lodash's kebabCase, except that digits stay with the letters around them
 * (`nvme0n1`, `RAND_READ_4K` -> `rand-read-4k`, where lodash makes `nvme-0-n-1`): a word starts at a lower->upper
 * case step, and everything that is not a letter or digit separates words.
 */
export function kebab(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `<kind>-<parts>`, or null when the description has no part (then the element gets no id). */
export function testId(kind: string, description: TestIdDescription): string | null {
  const parts = (Array.isArray(description) ? description : [description]) as readonly TestIdPart[];
  const words = parts.filter((p) => p !== null && p !== undefined && p !== '').map((p) => kebab(String(p)));
  return words.length ? [kind, ...words].filter((w) => w !== '').join('-') : null;
}
