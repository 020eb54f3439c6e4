/**
 * One answer per offer: every tool of a request is asked whether it is offered with the same context object, so
 * tools that share a check (memory_search and memory_delete, the four folder tools) read their store once per
 * request, not once each. The next request has a new context, and asks again.
 */
import type { ToolContext } from './define-tool';

export function oncePerOffer<T>(check: (ctx: ToolContext) => Promise<T>): (ctx: ToolContext) => Promise<T> {
  const answers = new WeakMap<ToolContext, Promise<T>>();
  return (ctx) => {
    let answer = answers.get(ctx);
    if (!answer) {
      answer = check(ctx);
      answers.set(ctx, answer);
    }
    return answer;
  };
}
