/**
 * Checks a page tool's arguments against its input schema before anything reaches the page's code: the subset
 * of JSON Schema that tools use (type, properties, required, enum, const, items, string and number bounds).
 * Keywords outside it are not enforced. A property the schema does not declare is refused: the model may set
 * only what the tool declares (for a form tool, its fields). No schema library, so the page bundle stays small.
 */
type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

function matchesType(type: unknown, v: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  const t = typeOf(v);
  return types.some((want) => want === t || (want === 'number' && t === 'integer'));
}

function check(schema: Schema, v: unknown, path: string, errors: string[]): void {
  if (errors.length >= 20) return;
  if (schema.type !== undefined && !matchesType(schema.type, v)) {
    errors.push(`${path} must be ${[schema.type].flat().join(' or ')}`);
    return;
  }
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(v))
    errors.push(`${path} must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v)))
    errors.push(`${path} must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if (typeof v === 'string') {
    if (typeof schema.minLength === 'number' && v.length < schema.minLength)
      errors.push(`${path} must have at least ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && v.length > schema.maxLength)
      errors.push(`${path} must have at most ${schema.maxLength} characters`);
  }
  if (typeof v === 'number') {
    if (typeof schema.minimum === 'number' && v < schema.minimum) errors.push(`${path} must be ≥ ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && v > schema.maximum) errors.push(`${path} must be ≤ ${schema.maximum}`);
  }
  if (Array.isArray(v) && isObject(schema.items)) {
    const items = schema.items;
    v.forEach((item, i) => check(items, item, `${path}[${i}]`, errors));
  }
  if (isObject(v) && (isObject(schema.properties) || schema.type === 'object')) {
    const props = isObject(schema.properties) ? schema.properties : {};
    for (const key of Array.isArray(schema.required) ? schema.required : [])
      if (typeof key === 'string' && !Object.hasOwn(v, key)) errors.push(`${path}.${key} is required`);
    for (const [key, value] of Object.entries(v)) {
      const sub = props[key];
      if (!Object.hasOwn(props, key) || !isObject(sub)) errors.push(`${path}.${key} is not a parameter of this tool`);
      else check(sub, value, `${path}.${key}`, errors);
    }
  }
}

/** The reasons `args` does not fit `schema` ("arguments.query must be string"), empty when it fits. */
export function validateToolArgs(schema: Schema, args: unknown): string[] {
  const errors: string[] = [];
  if (!isObject(args)) return ['arguments must be an object'];
  check({ ...schema, type: 'object' }, args, 'arguments', errors);
  return errors;
}
