/**
 * Finds user-facing text hard-coded in lib/ (the worker composes error messages, approval previews, notices,
 * menu titles and settings hints; they must come from t() like the components' text). Text only the model
 * reads stays English and is not looked at. Three rules, parsed with the TypeScript compiler:
 * - anywhere: prose in the arguments of `new UserFacingError(...)` (its message is shown as it is);
 * - anywhere: prose inside a tool's `preview` (the approval card's lead);
 * - in the files listed as user-facing: any prose, except in console.* calls (logs) and object keys.
 */
import ts from 'typescript';
import { NOT_LANGUAGE, type HardCodedString } from './find-hard-coded-strings';

/** Names of products and vendors, which read the same in every language. */
const NAMES = new Set([
  ...NOT_LANGUAGE,
  'Ollama',
  'LM Studio',
  'OpenRouter',
  'Google Gemini',
  'Azure OpenAI',
  'Groq',
  'Mistral',
  'DeepSeek',
  'xAI',
  'MCP',
]);
const ADDRESS = /^[\p{Ll}\d_*\-[\]]*[./:][\p{L}\d_.*/:\-[\]]*$/u;
const isProse = (s: string) => {
  const text = s.trim();
  // Markup built in code (`<a href="…">`) is not a sentence; its text parts come from t().
  if (!/\p{L}/u.test(text) || NAMES.has(text) || ADDRESS.test(text) || text.startsWith('<')) return false;
  return /\p{L}\s+\p{L}/u.test(text) || /^\p{Lu}\p{Ll}/u.test(text) || /\p{L}[….:!?]$/u.test(text);
};

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return undefined;
}

const calleeText = (call: ts.CallExpression | ts.NewExpression) => call.expression.getText();

/** Whether `node` sits inside something whose prose is never shown: a log call, an import, a t() key. */
function silent(node: ts.Node): boolean {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && /^(console\.\w+|t|reportInternalError)$/.test(calleeText(at))) return true;
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    // A key name or value compared against (`e.key === 'Escape'`, `case 'Tab':`), an attribute set in code.
    if (ts.isBinaryExpression(at) && /^[=!]==?$/.test(at.operatorToken.getText())) return true;
    if (ts.isCaseClause(at) && at.expression === node) return true;
    if (ts.isCallExpression(at) && /\.setAttribute$/.test(calleeText(at))) return true;
  }
  return false;
}

/** A tool's definition: an object literal with an `execute`. */
const isToolDefinition = (node: ts.Node) =>
  ts.isObjectLiteralExpression(node) && node.properties.some((p) => p.name?.getText() === 'execute');

function shown(node: ts.Node): boolean {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isNewExpression(at) && calleeText(at) === 'UserFacingError') return true;
    if (
      (ts.isPropertyAssignment(at) || ts.isMethodDeclaration(at)) &&
      at.name.getText() === 'preview' &&
      isToolDefinition(at.parent)
    )
      return true;
  }
  return false;
}

export function findLibUiStrings(file: string, source: string, wholeFile: boolean): HardCodedString[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: HardCodedString[] = [];
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== undefined) {
      const isKey = ts.isPropertyAssignment(node.parent) && node.parent.name === node;
      if (!isKey && isProse(text) && !silent(node) && (wholeFile || shown(node))) {
        found.push({
          file,
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          text: text.trim().replace(/\s+/g, ' '),
        });
      }
      if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
