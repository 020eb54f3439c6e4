import type { PromptLibrary } from '../lib/agent/prompt-library';
import { startBackground } from '../lib/background/start-background';

// Prompts are bundled at build time: the worker may not use dynamic import().
const prompts = import.meta.glob<string>('/prompts/**/*.md', { query: '?raw', import: 'default', eager: true }) as PromptLibrary;

export default defineBackground(() => {
  startBackground({ prompts });
});
