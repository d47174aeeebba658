/**
 * The web build's view of the route contract (docs/architecture.md, "The web build's chunks"). The browser calls a route
 * through its method, path and flags (`lib/api.ts`); it never reads a route's zod schemas, which only the server parses
 * with. Yet every `defineRoute({ …, query, body, response })` of packages/shared names them, so a page that called one
 * route built every schema of the module at load: zod's construction was a quarter of a signed-in page's JavaScript time
 * on a phone's CPU.
 *
 * In the web build (not in tests, nor the dev server), each module of packages/shared goes through two rewrites:
 * - the `params`, `query`, `body` and `response` properties of a `defineRoute({ … })` literal are dropped;
 * - a top-level constant is computed in a call marked pure (`/* @__PURE__ *\/ (() => …)()`), so a schema nothing uses
 *   any more (a route's) is left out, with the zod code only it needed. The bundler cannot see by itself that building
 *   a schema has no effect: its arguments call helpers and read properties of imported objects (the pt-BR messages).
 *   packages/shared only declares; what it does for its effect (`z.config(…)`) is a statement, which stays.
 * A schema the web does use (a form's) stays and is built as before.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** A route's schemas: what the browser never reads. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);
const SHARED_SOURCE = /\/packages\/shared\/src\/(?!.*\.test\.ts$).*\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Edit = { start: number; end: number; text: string };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node under `node`, with its parent. */
function walk(node: Node, visit: (node: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  for (const child of Object.values(node)) {
    if (Array.isArray(child)) for (const item of child) { if (isNode(item)) walk(item, visit, node); }
    else if (isNode(child)) walk(child, visit, node);
  }
}

/** Initializers with nothing to compute: left as they are. */
const PLAIN_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression', 'Literal', 'Identifier', 'TemplateLiteral']);

/** The edits of one shared module's JavaScript (its TypeScript already stripped). */
export function clientContractEdits(code: string, program: Node): Edit[] {
  const edits: Edit[] = [];
  // Route literals: their schema properties go.
  walk(program, (node) => {
    if (node.type !== 'CallExpression' || (node.callee as { name?: string }).name !== 'defineRoute') return;
    const literal = (node.arguments as Node[])[0];
    if (literal?.type !== 'ObjectExpression') return;
    for (const property of literal.properties as Node[]) {
      const name = (property.key as { name?: string } | undefined)?.name;
      if (property.type !== 'Property' || property.computed || !name || !SCHEMA_KEYS.has(name)) continue;
      let end = property.end;
      while (end < code.length && /\s/.test(code[end]!)) end += 1;
      if (code[end] === ',') end += 1;
      edits.push({ start: property.start, end, text: '' });
    }
  });
  // Top-level constants: computed in a call the bundler may drop when nothing reads them (a module of packages/shared
  // declares; what it does for its effect, such as `z.config(…)`, is a statement, not a constant).
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || PLAIN_TYPES.has(init.type)) continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  return edits;
}

/** Applies non-overlapping edits (with a source map). */
export function applyEdits(code: string, edits: Edit[], id = 'module'): { code: string; map: ReturnType<MagicString['generateMap']> } {
  const out = new MagicString(code);
  for (const edit of edits) {
    if (edit.start === edit.end) out.appendLeft(edit.start, edit.text);
    else if (edit.text === '') out.remove(edit.start, edit.end);
    else out.overwrite(edit.start, edit.end, edit.text);
  }
  return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
}

/** The rewrite, in the web build only (after TypeScript is stripped). */
export function contractClient(): Plugin {
  return {
    name: 'contract-client',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!SHARED_SOURCE.test(id.split('?')[0]!)) return null;
      const edits = clientContractEdits(code, this.parse(code) as unknown as Node);
      return edits.length ? applyEdits(code, edits, id) : null;
    },
  };
}
