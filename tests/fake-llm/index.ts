// A fake LLM server on 127.0.0.1 speaking the real OpenAI and Anthropic wire formats, for unit tests,
// end-to-end tests of the built extension, and benchmarks.
export { startFakeLlm } from './start-fake-llm';
export type { FakeLlm, StartFakeLlmOptions } from './fake-llm';
export type { FakeFault, FakeReply, FakeReplySource, FakeStopReason, FakeToolCall, FakeUsage } from './fake-reply';
export type { RecordedRequest, Wire } from './recorded-request';
export { estimateInputTokens } from './reply-outcome';
