/** Saved tasks' rules: names the composer completes, placeholders, start pages held to navigate's address rule. */
import { describe, expect, it } from 'vitest';
import {
  TASK_NAME_PATTERN,
  fillPlaceholders,
  parsePlaceholders,
  savedTaskSchema,
  suggestTaskName,
  taskCommandAt,
  taskCommandOf,
  taskFieldsSchema,
} from '../../../lib/core/saved-task';

const task = {
  id: 't1',
  kind: 'prompt',
  name: 'weekly-report',
  instruction: 'Summarise {project} for {week}',
  createdAt: 1,
  updatedAt: 2,
};

describe('task names', () => {
  it.each(['a', 'weekly-report', 'r2-d2', 'x'.repeat(48)])('accepts %s', (name) => {
    expect(TASK_NAME_PATTERN.test(name)).toBe(true);
  });
  it.each(['', '-a', 'a-', 'a--b', 'Weekly', 'a b', 'a_b', 'é', 'x'.repeat(49), '/a'])('refuses %j', (name) => {
    expect(TASK_NAME_PATTERN.test(name)).toBe(false);
  });
  it('suggests a slug from the first words of a message', () => {
    expect(suggestTaskName('Summarise the Weekly Report, please!')).toBe('summarise-the-weekly-report');
    expect(suggestTaskName('Résumé café')).toBe('resume-cafe');
    expect(suggestTaskName('¿¿??')).toBe('task');
    expect(TASK_NAME_PATTERN.test(suggestTaskName('a '.repeat(100)))).toBe(true);
  });
});

describe('placeholders', () => {
  it('lists each {name} once, in order of first appearance', () => {
    expect(parsePlaceholders('Find {city} hotels for {dates} in {city}')).toEqual(['city', 'dates']);
  });
  it('leaves braces that are not a placeholder alone', () => {
    expect(parsePlaceholders('JSON {} and { spaced } and {a.b} and {ok_1}')).toEqual(['ok_1']);
  });
  it('fills values as text, keeps one without a value, never fills a value again', () => {
    expect(fillPlaceholders('{a} then {b} then {a}', { a: '{b}' })).toBe('{b} then {b} then {b}');
    expect(fillPlaceholders('{a} then {b}', { a: 'x', b: 'y' })).toBe('x then y');
    // A value that looks like a replacement pattern is inserted as it is.
    expect(fillPlaceholders('{a}', { a: '$& $1' })).toBe('$& $1');
    // Inherited names are not values.
    expect(fillPlaceholders('{constructor}', {})).toBe('{constructor}');
  });
});

describe('the `/` command', () => {
  it('is a /name at the very start of the box', () => {
    expect(taskCommandAt('/wee', 4)).toEqual({ query: 'wee' });
    expect(taskCommandAt('/', 1)).toEqual({ query: '' });
    expect(taskCommandAt('say /wee', 8)).toBeUndefined();
    expect(taskCommandAt('/wee kly', 8)).toBeUndefined();
  });
  it('runs only when the whole message is /name', () => {
    expect(taskCommandOf(' /weekly-report ')).toBe('weekly-report');
    expect(taskCommandOf('/weekly-report now')).toBeUndefined();
    expect(taskCommandOf('about /weekly-report')).toBeUndefined();
  });
});

describe('the stored task', () => {
  it('reads a good record', () => {
    expect(savedTaskSchema.parse(task)).toEqual(task);
  });
  it.each([
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['chrome://settings', false],
    ['data:text/html,hi', false],
    ['https://user:pw@example.com/', false],
    ['example.com', false],
    ['https://example.com/start', true],
    ['http://127.0.0.1:8080/', true],
  ])('a start page %s passes: %s', (startUrl, ok) => {
    expect(taskFieldsSchema.safeParse({ ...task, startUrl }).success).toBe(ok);
    expect(savedTaskSchema.safeParse({ ...task, startUrl }).success).toBe(ok);
  });
  it('refuses an unknown kind (a kind from a later version is never run as a plain prompt)', () => {
    expect(savedTaskSchema.safeParse({ ...task, kind: 'macro' }).success).toBe(false);
  });
  it('refuses an empty instruction and a bad name', () => {
    expect(taskFieldsSchema.safeParse({ ...task, instruction: '   ' }).success).toBe(false);
    expect(taskFieldsSchema.safeParse({ ...task, name: 'Bad Name' }).success).toBe(false);
  });
});
