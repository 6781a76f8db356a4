// Every control of the panel has a stable data-test id given through tpTest (shared/test-id), which builds it as
// the TrueNAS web UI's ixTest does (the browser tests find controls by them; TrueNAS enforces the same with its
// angular-test-ids/require-test-id lint rule); no template writes data-test itself, every element given an id has a
// kind, and no static id is given twice in one template. Reads the templates from the source tree and parses them
// with Angular's own template parser.
import {
  ASTWithSource,
  LiteralPrimitive,
  ParseError,
  ParseSourceSpan,
  TmplAstBoundAttribute,
  TmplAstDeferredBlock,
  TmplAstElement,
  TmplAstForLoopBlock,
  TmplAstIfBlock,
  TmplAstNode,
  TmplAstRecursiveVisitor,
  TmplAstSwitchBlock,
  TmplAstTextAttribute,
  parseTemplate,
  tmplAstVisitAll,
} from '@angular/compiler';
import ts from 'typescript';

import { testId, testIdKind } from '../shared/test-id/test-id';

/** The few Node calls this spec needs (Vitest runs specs in Node; the project has no @types/node). */
interface NodeFs {
  readdirSync(path: string, options: { recursive: true }): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
}
declare const process: { getBuiltinModule(id: 'node:fs'): NodeFs };

/** The templates' root, relative to ui/ (where `ng test` runs). */
const APP = 'src/app';

/** Elements that are controls whatever their attributes. */
const CONTROL_TAGS = new Set([
  'button',
  'input',
  'select',
  'textarea',
  'mat-select',
  'mat-checkbox',
  'mat-slide-toggle',
  'mat-radio-button',
  'mat-button-toggle',
]);
/** `<a>` is a control when it goes somewhere (`[attr.href]` is named href too). */
const LINK_TARGETS = new Set(['href', 'routerLink']);
/** tpPaginatorIds (shared/paging) ids a paginator and its inner buttons and select. */
const ID_NAMES = new Set(['tpTest', 'tpPaginatorIds']);
/** The attribute tpTest sets: written by hand in a template, it would skip the kind. */
const RAW_ID = 'data-test';

export interface Template {
  file: string;
  text: string;
  /** The template's first line in its file, counting from 0 (0 for an .html file). */
  firstLine: number;
}

export interface Finding {
  file: string;
  line: number;
  message: string;
}

/** The element's tag as the DOM names it (the parser writes SVG's `<text>` as `:svg:text`). */
const tagOf = (element: TmplAstElement) => element.name.replace(/^:\w+:/, '');

/** The id tpTest or tpPaginatorIds renders for this constant description. */
function renderedId(element: TmplAstElement, name: string, description: string): string | null {
  const kind = name === 'tpPaginatorIds' ? 'paginator' : (testIdKind(tagOf(element)) ?? tagOf(element));
  return testId(kind, description);
}

/**
 * The element's data-test id (from `tpTest="…"`, `[tpTest]="…"` or tpPaginatorIds), null when it has none; `id` is
 * the id rendered when it is a constant, null when it is computed at run time.
 */
function testIdOf(element: TmplAstElement): { id: string | null; span: ParseSourceSpan } | null {
  const text = element.attributes.find((a: TmplAstTextAttribute) => ID_NAMES.has(a.name));
  if (text) {
    return { id: renderedId(element, text.name, text.value), span: text.sourceSpan };
  }
  const bound = element.inputs.find((b: TmplAstBoundAttribute) => ID_NAMES.has(b.name));
  if (!bound) {
    return null;
  }
  const ast = bound.value instanceof ASTWithSource ? bound.value.ast : bound.value;
  const constant = ast instanceof LiteralPrimitive && typeof ast.value === 'string' ? ast.value : null;
  return { id: constant === null ? null : renderedId(element, bound.name, constant), span: bound.sourceSpan };
}

function setsOrBinds(element: TmplAstElement, names: Set<string>): boolean {
  return element.attributes.some((a) => names.has(a.name)) || element.inputs.some((b) => names.has(b.name));
}

/** Why this element is a control (null when it is not one). */
function controlKind(element: TmplAstElement): string | null {
  if (CONTROL_TAGS.has(element.name)) {
    return `<${element.name}>`;
  }
  if (element.name === 'a' && setsOrBinds(element, LINK_TARGETS)) {
    return '<a> link';
  }
  if (element.name === 'mat-paginator') {
    return '<mat-paginator> (give it tpPaginatorIds)';
  }
  if (element.outputs.some((o) => o.name === 'click')) {
    return `<${element.name}> with (click)`;
  }
  return null;
}

/** Where an element sits: the branch taken in each enclosing @if / @switch / @for / @defer, outermost first. */
type Branches = { block: object; branch: number }[];

interface StaticId {
  id: string;
  line: number;
  branches: Branches;
  /** Inside a @for: the id is repeated for every item and names a list, as `all(prefix)` reads them. */
  inLoop: boolean;
}

/** Two elements that are never rendered together: in different branches of one @if, @switch, @for/@empty, @defer. */
function exclusive(a: Branches, b: Branches): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i].block !== b[i].block) {
      return false;
    }
    if (a[i].branch !== b[i].branch) {
      return true;
    }
  }
  return false;
}

class Checker extends TmplAstRecursiveVisitor {
  readonly findings: Finding[] = [];
  readonly ids: StaticId[] = [];
  private branches: Branches = [];
  private loops = 0;

  constructor(private readonly template: Template) {
    super();
  }

  private lineOf(span: ParseSourceSpan): number {
    return this.template.firstLine + span.start.line + 1;
  }

  private within(block: object, branch: number, nodes: TmplAstNode[], loop = false): void {
    this.branches = [...this.branches, { block, branch }];
    this.loops += loop ? 1 : 0;
    tmplAstVisitAll(this, nodes);
    this.loops -= loop ? 1 : 0;
    this.branches = this.branches.slice(0, -1);
  }

  override visitIfBlock(block: TmplAstIfBlock): void {
    block.branches.forEach((b, i) => this.within(block, i, [b]));
  }

  override visitSwitchBlock(block: TmplAstSwitchBlock): void {
    block.groups.forEach((g, i) => this.within(block, i, [g]));
  }

  override visitForLoopBlock(block: TmplAstForLoopBlock): void {
    this.within(block, 0, block.children, true);
    this.within(block, 1, block.empty ? [block.empty] : []);
  }

  override visitDeferredBlock(block: TmplAstDeferredBlock): void {
    [block.children, [block.placeholder], [block.loading], [block.error]].forEach((nodes, i) =>
      this.within(block, i, nodes.filter((n): n is TmplAstNode => n !== null)),
    );
  }

  override visitElement(element: TmplAstElement): void {
    const found = testIdOf(element);
    const kind = controlKind(element);
    const line = this.lineOf(element.startSourceSpan);
    if (kind && !found) {
      this.findings.push({ file: this.template.file, line, message: `${kind} has no data-test id` });
    }
    if (setsOrBinds(element, new Set([RAW_ID]))) {
      this.findings.push({ file: this.template.file, line, message: `<${element.name}> writes data-test: use tpTest` });
    }
    if (setsOrBinds(element, new Set(['tpTest'])) && testIdKind(tagOf(element)) === null) {
      const message = `<${tagOf(element)}> has no tpTest kind (shared/test-id/test-id.ts)`;
      this.findings.push({ file: this.template.file, line, message });
    }
    if (found?.id != null) {
      this.ids.push({ id: found.id, line: this.lineOf(found.span), branches: this.branches, inLoop: this.loops > 0 });
    }
    super.visitElement(element);
  }

  /** Static ids outside loops given to two elements that may be rendered together. */
  clashes(): Finding[] {
    const single = this.ids.filter((s) => !s.inLoop);
    return single.flatMap((s, i) => {
      const first = single.slice(0, i).find((f) => f.id === s.id && !exclusive(f.branches, s.branches));
      const message = `data-test="${s.id}" again (first on line ${first?.line})`;
      return first ? [{ file: this.template.file, line: s.line, message }] : [];
    });
  }
}

/** Controls without a tpTest id, ids written by hand or without a kind, and ids given twice in one template. */
export function checkTemplate(template: Template): Finding[] {
  const parsed = parseTemplate(template.text, template.file, { preserveWhitespaces: false });
  if (parsed.errors?.length) {
    const line = (e: ParseError) => template.firstLine + e.span.start.line + 1;
    return parsed.errors.map((e) => ({ file: template.file, line: line(e), message: e.msg }));
  }
  const checker = new Checker(template);
  tmplAstVisitAll(checker, parsed.nodes);
  return [...checker.findings, ...checker.clashes()].sort((a, b) => a.line - b.line);
}

/** The inline `template:` strings of the components in a .ts file. */
export function inlineTemplates(file: string, source: string): Template[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Template[] = [];
  const visit = (node: ts.Node) => {
    const call = ts.isDecorator(node) && ts.isCallExpression(node.expression) ? node.expression : null;
    if (call?.expression.getText() === 'Component') {
      const [meta] = call.arguments;
      const template = meta && ts.isObjectLiteralExpression(meta)
        ? meta.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'template')
        : undefined;
      if (template && ts.isPropertyAssignment(template)) {
        const value = template.initializer;
        if (!ts.isNoSubstitutionTemplateLiteral(value) && !ts.isStringLiteral(value)) {
          throw new Error(`${file}: a template that is not a plain string cannot be checked`);
        }
        // The text starts after the opening quote, on the quote's line.
        const firstLine = sourceFile.getLineAndCharacterOfPosition(value.getStart()).line;
        found.push({ file, text: value.text, firstLine });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Every component template of the panel: the .html files and the inline templates (specs' test hosts aside). */
function panelTemplates(): Template[] {
  const fs = process.getBuiltinModule('node:fs');
  const files = fs.readdirSync(APP, { recursive: true }).map((f) => `${APP}/${f}`).sort();
  return files.flatMap((file) => {
    if (file.endsWith('.html')) {
      return [{ file, text: fs.readFileSync(file, 'utf8'), firstLine: 0 }];
    }
    if (file.endsWith('.ts') && !file.endsWith('.spec.ts')) {
      return inlineTemplates(file, fs.readFileSync(file, 'utf8'));
    }
    return [];
  });
}

describe('data-test ids', () => {
  it('finds controls without an id, raw data-test, tags without a kind and ids given twice, in any block', () => {
    const source = [
      '@Component({ selector: "x", template: `',
      '  <button tpTest="x-save">Save</button>',
      '  @if (a) {',
      '    <input>',
      '  } @else {',
      '    @for (i of items; track i) { <span (click)="pick(i)">{{ i }}</span> }',
      '  }',
      '  <a routerLink="/b">B</a> <a>not a link</a> <a [href]="u" [tpTest]="[\'x\', u]">U</a>',
      '  <mat-paginator tpPaginatorIds="x" />',
      '  <button [tpTest]="\'x-save\'">S</button> <div>text</div> <button *ngIf="a">B</button>',
      '  @switch (s) { @case (1) { <p tpTest="x-state">1</p> } @default { <p tpTest="x-state">2</p> } }',
      '  @for (r of rows; track r) { <span tpTest="x-mark"></span> <span tpTest="x-mark"></span> }',
      '  <p data-test="x-raw">raw</p> <button [attr.data-test]="\'x-\' + u">raw</button> <em tpTest="x-em">?</em>',
      '  <div tpTest="save"></div> <span tpTest="save"></span>',
      '`})',
      'export class X {}',
    ].join('\n');
    const templates = inlineTemplates('x.ts', source);
    expect(templates.map((t) => t.firstLine)).toEqual([0]);
    expect(checkTemplate(templates[0]).map((f) => `${f.line}: ${f.message}`)).toEqual([
      '4: <input> has no data-test id',
      '6: <span> with (click) has no data-test id',
      '8: <a> link has no data-test id',
      '10: <button> has no data-test id',
      '10: data-test="button-x-save" again (first on line 2)',
      '13: <p> writes data-test: use tpTest',
      '13: <button> has no data-test id',
      '13: <button> writes data-test: use tpTest',
      '13: <em> has no tpTest kind (shared/test-id/test-id.ts)',
      '14: data-test="text-save" again (first on line 14)',
    ]);
  });

  it('is on every control of every template of the panel, and no static id twice in a template', () => {
    const templates = panelTemplates();
    expect(templates.length).toBeGreaterThan(30);
    const findings = templates.flatMap(checkTemplate).map((f) => `${f.file}:${f.line}: ${f.message}`);
    expect(findings).toEqual([]);
  });
});
