/**
 * Counts for the architecture bench that read the source as TypeScript sees it (issue "Typed all the way"):
 * functions over 150 lines, error classes, and the places that turn a tool's output into a string and back.
 */
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const sourceRoots = ['lib', 'components', 'entrypoints'];
const sourceFile = /\.(ts|tsx|mts)$/;
const testFile = /\.test\.(ts|tsx|mts)$/;

function walk(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => walk(join(path, name)));
}

/** The product's source files (tests beside the code left out), with their parsed trees. */
export function productSources(root = process.cwd()): { file: string; tree: ts.SourceFile }[] {
  return sourceRoots
    .flatMap((r) => walk(join(root, r)))
    .filter((f) => sourceFile.test(f) && !testFile.test(f))
    .sort()
    .map((file) => ({
      file,
      tree: ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      ),
    }));
}

/** Every function (declaration, expression, arrow, method, accessor) longer than `max` lines, by file, line and name. */
export function functionsOver(sources: ReturnType<typeof productSources>, max: number): string[] {
  const out: string[] = [];
  for (const { file, tree } of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
        const end = tree.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > max) out.push(`${file}:${start + 1} ${nameOf(node)} (${lines} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return out;
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
  if (ts.isPropertyAssignment(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
  return '(anonymous)';
}

/** Classes that extend Error, directly or through another class named …Error. */
export function errorClasses(sources: ReturnType<typeof productSources>): string[] {
  const out: string[] = [];
  for (const { file, tree } of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isClassLike(node)) {
        const base = node.heritageClauses
          ?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)
          ?.types[0]?.expression.getText(tree);
        if (base && /(^|\.)\w*Error$/.test(base))
          out.push(`${file}: ${node.name?.text ?? '(anonymous)'} extends ${base}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return out;
}

/** The one place a tool's result becomes the model's text (and where the legacy strings of that text are read). */
export const MODEL_TEXT_BUILDER = 'lib/agent/to-model-text.ts';

const legacyNames = ['formatToolOutput', 'readToolOutput'];
/** What a card would call to take a string apart: a card that does so parses a tool's output back. */
const parsers = ['JSON.parse', 'splitToolResultImage'];

/**
 * Places where a tool's result is handled as a string outside the one model-text builder (MODEL_TEXT_BUILDER),
 * one per file: a file that turns a tool's output into the model's string (a call of `formatToolOutput`, or of
 * `wrapUntrusted` beside a tool's `untrustedOutput`, as the runtime once did the moment a tool returned), and a
 * file that parses a tool output string back (a call of `readToolOutput`, or a card in components/ calling
 * `JSON.parse` or `splitToolResultImage` on what a tool returned).
 */
export function stringifiedToolOutputs(sources: ReturnType<typeof productSources>, root = process.cwd()): string[] {
  const out: string[] = [];
  for (const { file, tree } of sources) {
    const path = relative(root, file).split(sep).join('/');
    if (path === MODEL_TEXT_BUILDER) continue;
    const text = tree.getFullText();
    const inComponents = path.startsWith('components/');
    let found: string | undefined;
    const visit = (node: ts.Node) => {
      if (!found && ts.isCallExpression(node)) {
        const callee = node.expression.getText(tree);
        if (legacyNames.includes(callee)) found = `${path}: ${callee}`;
        else if (callee === 'wrapUntrusted' && /\buntrustedOutput\b/.test(text))
          found = `${path}: wrapUntrusted of a tool's output`;
        else if (inComponents && parsers.includes(callee)) found = `${path}: ${callee}`;
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
    if (found) out.push(found);
  }
  return out;
}
