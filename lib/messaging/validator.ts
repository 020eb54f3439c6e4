/**
 * What a receiver validates input with: anything with zod's `safeParse` shape. Zod schemas fit as they are
 * (the worker and the offscreen document); the content script passes hand-written guards and pulls no zod.
 */
export interface ValidationIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey>;
}

export type ValidationResult<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<ValidationIssue> } };

export interface Validator<T> {
  safeParse(value: unknown): ValidationResult<T>;
}

/** A validator from a type guard, for the page side. */
export function guard<T>(is: (value: unknown) => value is T, message = 'Malformed input.'): Validator<T> {
  return {
    safeParse: (value) =>
      is(value) ? { success: true, data: value } : { success: false, error: { issues: [{ message }] } },
  };
}
