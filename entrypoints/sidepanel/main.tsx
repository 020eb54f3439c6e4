import { render } from 'preact';
import { applyUiLocale } from '../../components/ui/apply-ui-locale';
import { ChatApp } from '../../components/sidepanel/ChatApp';
import { createChatState } from '../../components/sidepanel/chat-state';
import { preloadMarkdownEngine } from '../../components/sidepanel/load-markdown-engine';
import '../../components/styles.css';

applyUiLocale(document, 'page_title_panel');
const state = createChatState();
state.start();
render(<ChatApp state={state} />, document.getElementById('app')!);
// Once the panel is idle (it takes input first), so the renderer is there before the first answer; an answer
// shown sooner asks for it itself.
requestIdleCallback(preloadMarkdownEngine, { timeout: 1000 });
