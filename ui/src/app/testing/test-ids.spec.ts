// Every control of the panel has a stable data-test id (the browser tests find controls by them; the TrueNAS web UI
// enforces the same with its angular-test-ids/require-test-id lint rule), and no static id is given twice in one
// template. Reads the templates from the source tree and parses them with Angular's own template parser.
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
const ID_NAMES = new Set(['data-test', 'tpPaginatorIds']);

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

/**
 * The element's data-test id (from `data-test="…"`, `[attr.data-test]="…"` or tpPaginatorIds), null when it has
 * none; `id` is the id when it is a constant, null when it is computed at run time.
 */
function testIdOf(element: TmplAstElement): { id: string | null; span: ParseSourceSpan } | null {
  const text = element.attributes.find((a: TmplAstTextAttribute) => ID_NAMES.has(a.name));
  if (text) {
    return { id: text.value, span: text.sourceSpan };
  }
  const bound = element.inputs.find((b: TmplAstBoundAttribute) => ID_NAMES.has(b.name));
  if (!bound) {
    return null;
  }
  const ast = bound.value instanceof ASTWithSource ? bound.value.ast : bound.value;
  const constant = ast instanceof LiteralPrimitive && typeof ast.value === 'string' ? ast.value : null;
  return { id: constant, span: bound.sourceSpan };
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
    const testId = testIdOf(element);
    const kind = controlKind(element);
    if (kind && !testId) {
      const line = this.lineOf(element.startSourceSpan);
      this.findings.push({ file: this.template.file, line, message: `${kind} has no data-test id` });
    }
    if (testId?.id != null) {
      this.ids.push({ id: testId.id, line: this.lineOf(testId.span), branches: this.branches, inLoop: this.loops > 0 });
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

/** Controls without a data-test id and ids given twice in one template. */
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
  it('finds controls without an id and ids given twice (not in exclusive branches or a list), in any block', () => {
    const source = [
      '@Component({ selector: "x", template: `',
      '  <button data-test="x-save">Save</button>',
      '  @if (a) {',
      '    <input>',
      '  } @else {',
      '    @for (i of items; track i) { <span (click)="pick(i)">{{ i }}</span> }',
      '  }',
      '  <a routerLink="/b">B</a> <a>not a link</a> <a [href]="u" [attr.data-test]="\'x-\' + u">U</a>',
      '  <mat-paginator tpPaginatorIds="x-paginator" />',
      '  <mat-select [attr.data-test]="\'x-save\'" /> <div>text</div> <button *ngIf="a">B</button>',
      '  @switch (s) { @case (1) { <p data-test="x-state">1</p> } @default { <p data-test="x-state">2</p> } }',
      '  @for (r of rows; track r) { <i data-test="x-mark"></i> <b data-test="x-mark"></b> }',
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
      '10: data-test="x-save" again (first on line 2)',
    ]);
  });

  it('is on every control of every template of the panel, and no static id twice in a template', () => {
    const templates = panelTemplates();
    expect(templates.length).toBeGreaterThan(30);
    const findings = templates.flatMap(checkTemplate).map((f) => `${f.file}:${f.line}: ${f.message}`);
    expect(findings).toEqual([]);
  });
});
