/**
 * A tool result as the card reads it: the marked data block the runtime wraps page text in is taken off
 * (remembering that it was there), and JSON is parsed when the result is JSON. Nothing here trusts the
 * content: cards check its shape with the guards below before showing any of it, and show it as text.
 */
export interface ToolOutputView {
  /** The result without the data-block wrapper. */
  text: string;
  /** It came wrapped as untrusted data (page text, indexed passages, saved memories). */
  untrusted: boolean;
  /** The parsed JSON value, when the text is JSON. */
  json?: unknown;
}

const wrapped = /^<untrusted_([a-z_]+) boundary="([0-9a-z]+)"(?: source="[^"]*")?>\n([\s\S]*)\n<\/untrusted_\1 boundary="\2">$/;

/** Reads `output` (the string the model got back) for display. */
export function readToolOutput(output: string): ToolOutputView {
  const m = wrapped.exec(output);
  const text = m ? m[3]! : output;
  const view: ToolOutputView = { text, untrusted: !!m };
  const head = text.trimStart()[0];
  if (head === '{' || head === '[') {
    try {
      view.json = JSON.parse(text);
    } catch (error) {
      void error; // not JSON after all (cut short, or prose that starts with a bracket): shown as text
    }
  }
  return view;
}

export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The host of a URL, or '' when it is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch (error) {
    void error; // not a URL: no host to show
    return '';
  }
}

/** A field value as a person reads it: checked/unchecked, lists joined, empty said so. */
export function showValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'checked' : 'unchecked';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : '(none)';
  if (value === '' || value === undefined || value === null) return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
