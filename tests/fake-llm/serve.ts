// Manual testing: `npx tsx tests/fake-llm/serve.ts [--port N]` runs a fake LLM until Ctrl-C.
import { startFakeLlm } from './start-fake-llm';

const portFlag = process.argv.indexOf('--port');
const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : 0;
if (!Number.isInteger(port) || port < 0) {
  console.error('usage: npx tsx tests/fake-llm/serve.ts [--port N]');
  process.exit(2);
}

const llm = await startFakeLlm({
  port,
  onRequest: (r) => console.log(`${new Date(r.at).toISOString()} ${r.wire} ${r.method} ${r.path}`),
});
llm.setFallback({
  text: ['Hello', ' from', ' the', ' fake', ' LLM.', ' Every', ' reply', ' is', ' this', ' canned', ' text.'],
  chunkDelayMs: 60,
});
console.log(`fake LLM listening on ${llm.url}`);
console.log(`  OpenAI baseURL:    ${llm.openaiBaseUrl}`);
console.log(`  Anthropic baseURL: ${llm.anthropicBaseUrl}`);

const stop = () => {
  void llm.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
