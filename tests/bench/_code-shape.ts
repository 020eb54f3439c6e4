/**
 * Counts for the architecture bench that read the source as TypeScript sees it (issue "Typed all the way"):
 * functions over 150 lines, error classes, and the places that turn a tool's output into a string and back.
 */
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
    .map((file) => ({ file, tree: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) }));
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
        const base = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression.getText(tree);
        if (base && /(^|\.)\w*Error$/.test(base)) out.push(`${file}: ${node.name?.text ?? '(anonymous)'} extends ${base}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return out;
}

/**
 * Places where a tool's result is a string that is read back as data: calls of `formatToolOutput` (a result
 * turned into the model's string as soon as the tool returns) and of `readToolOutput` (a card parsing that
 * string back), one per file.
 */
export function stringifiedToolOutputs(sources: ReturnType<typeof productSources>): string[] {
  const out: string[] = [];
  for (const { file, tree } of sources) {
    let found: string | undefined;
    const visit = (node: ts.Node) => {
      if (!found && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['formatToolOutput', 'readToolOutput'].includes(node.expression.text)) {
        found = `${file}: ${node.expression.text}`;
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
    if (found) out.push(found);
  }
  return out;
}
