import { startBackground } from '../lib/background/start-background';

// Prompts are bundled at build time: the worker may not use dynamic import().
const prompts = import.meta.glob<string>('/prompts/*.md', { query: '?raw', import: 'default', eager: true });

export default defineBackground(() => {
  startBackground({ systemPrompt: prompts['/prompts/system.md'] ?? 'You are Tabwise, a helpful assistant in the browser side panel.' });
});
