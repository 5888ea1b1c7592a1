import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);

/** Where each call or `new` in an expression starts, function bodies excepted. */
function callStarts(node: Node, starts: number[]) {
  if (FUNCTIONS.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.push(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) isNode(item) && callStarts(item, starts);
    else if (isNode(value)) callStarts(value, starts);
  }
}

/** The initialisers of a module's top-level constants (exported or not). */
function topLevelInitialisers(program: Node): Node[] {
  const body = program.body as Node[];
  return body.flatMap((statement) => {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') return [];
    return (declaration.declarations as Node[]).flatMap((d) => (isNode(d.init) ? [d.init] : []));
  });
}

/**
 * Marks the calls that compute @atelier/contracts' top-level constants pure (`@__PURE__`):
 * a zod schema (`z.object({…}).meta({…})`, `profileSchema.extend({…})`) or a table built from
 * a list. A constant the SPA never uses is then dropped with the code only it needs, even from
 * a module the SPA takes another constant from — the pricing page imports prices from
 * billing.ts, not its schemas, and building unused schemas was work at every page load.
 *
 * Sound because contracts' constants are values, computed without side effects, by convention
 * of the package: `.meta()` fills zod's registry, which only the server's OpenAPI document
 * reads, and the server build does not use this plugin. Calls inside functions (a refinement's
 * `ctx.addIssue()`) are left alone; a side effect a module needs is a statement of its own
 * (zod-config.ts), never a constant.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'atelier-pure-schemas',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACTS_SOURCE.test(id)) return null;
      const starts: number[] = [];
      for (const init of topLevelInitialisers(this.parse(code) as unknown as Node)) callStarts(init, starts);
      if (starts.length === 0) return null;
      const output = new MagicString(code);
      for (const start of starts) output.appendLeft(start, '/* @__PURE__ */ ');
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}
