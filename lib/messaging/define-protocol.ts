/**
 * A protocol's contract: its marker and, as types only, each request's input and output. Both ends import
 * it; it holds no schema, so a sender (a content script, say) pulls no validation code. The receiver adds
 * its validators when it serves (see dispatch.ts).
 */
import type { Marker } from './wire-message';

/**
 * One request. `input` is what a sender passes, `output` what the receiver answers, `parsed` what the
 * handler gets once the receiver's validator has checked the input (a zod schema's output, with its
 * defaults filled in; the same as `input` for a hand-written guard).
 */
export interface Route<In = unknown, Out = unknown, Parsed = In> {
  input: In;
  output: Out;
  parsed: Parsed;
}

export type Routes = Record<string, Route>;

export interface Protocol<R extends Routes> {
  readonly marker: Marker;
  /** Carries the routes' types; never set. */
  readonly routes?: R;
}

export type NameOf<R extends Routes> = keyof R & string;
export type InputOf<R extends Routes, K extends keyof R> = R[K]['input'];
export type OutputOf<R extends Routes, K extends keyof R> = R[K]['output'];
export type ParsedOf<R extends Routes, K extends keyof R> = R[K]['parsed'];

export function defineProtocol<R extends Routes>(marker: Marker): Protocol<R> {
  return { marker };
}
