/**
 * One scripted chunk, in wire-neutral form. Tool-argument pieces carry their call's identity so an encoder
 * can tell where one call ends and the next begins.
 */
export type ReplyPart =
  | { kind: 'reasoning'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'tool-args'; call: number; id: string; name: string; text: string };
