/**
 * Finds UI text written into components instead of coming from t(): JSX text with letters, string literals in
 * attributes people read or hear (aria-label, title, placeholder, alt, label…), string literals that flow
 * straight into JSX (`{busy ? 'Saving…' : label}`), and prose in object literals (`{ running: 'running…' }`).
 * Parsed with the TypeScript compiler, so comments, class names and code are never mistaken for text.
 */
import ts from 'typescript';

/** Attributes whose value reaches the user (shown, or read out by a screen reader). */
export const USER_FACING_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'description',
  'heading',
  'message',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
]);

/** Text that is not language: the brand and identifiers that read the same in every locale. */
export const NOT_LANGUAGE = new Set([
  'Tabwise',
  'Apache-2.0',
  'OpenAI',
  'Anthropic',
  'JSON',
  'Markdown',
  'p50',
  'p95',
  'p99',
  'weekly-report',
  'Xenova/bge-small-en-v1.5',
]);
/** Addresses and ids shown as examples (https://api.openai.com/v1, example.com, a path pattern): one token, lower case, with . / or :. */
const ADDRESS = /^[\p{Ll}\d_*\-[\]]*[./:][\p{L}\d_.*/:\-[\]]*$/u;

export interface HardCodedString {
  file: string;
  line: number;
  text: string;
}

const hasLetters = (s: string) => /\p{L}/u.test(s);
const isLanguage = (s: string) => hasLetters(s) && !NOT_LANGUAGE.has(s.trim()) && !ADDRESS.test(s.trim());
/** A string that reads as words: two words, a sentence start, or an ellipsis. */
const looksLikeProse = (s: string) => /\p{L}\s+\p{L}/u.test(s) || /^\p{Lu}\p{Ll}/u.test(s) || /\p{L}…$/u.test(s);

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return undefined;
}

/** Whether a literal's value lands in JSX as it is: only conditionals, logical operators and parentheses between. */
function flowsIntoJsx(node: ts.Node): boolean {
  let at: ts.Node = node;
  while (at.parent) {
    const p = at.parent;
    if (ts.isJsxExpression(p))
      return !ts.isJsxAttribute(p.parent) || USER_FACING_ATTRIBUTES.has(p.parent.name.getText());
    if (ts.isParenthesizedExpression(p)) at = p;
    else if (ts.isConditionalExpression(p) && at !== p.condition) at = p;
    else if (
      ts.isBinaryExpression(p) &&
      [
        ts.SyntaxKind.BarBarToken,
        ts.SyntaxKind.QuestionQuestionToken,
        ts.SyntaxKind.AmpersandAmpersandToken,
        ts.SyntaxKind.PlusToken,
      ].includes(p.operatorToken.kind)
    )
      at = p;
    else return false;
  }
  return false;
}

/** Every hard-coded UI string in one .tsx source. */
export function findHardCodedStrings(file: string, source: string): HardCodedString[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: HardCodedString[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      text: text.trim().replace(/\s+/g, ' '),
    });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isLanguage(node.text)) report(node, node.text);
    else if (
      ts.isJsxAttribute(node) &&
      USER_FACING_ATTRIBUTES.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      isLanguage(node.initializer.text)
    )
      report(node, node.initializer.text);
    else {
      const text = literalText(node);
      if (text !== undefined && isLanguage(text)) {
        if (flowsIntoJsx(node)) report(node, text);
        else if (ts.isPropertyAssignment(node.parent) && node.parent.initializer === node && looksLikeProse(text))
          report(node, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
