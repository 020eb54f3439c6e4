import { render } from 'preact';
import { ChatApp } from '../../components/sidepanel/ChatApp';
import { createChatState } from '../../components/sidepanel/chat-state';
import '../../components/styles.css';

const state = createChatState();
state.start();
render(<ChatApp state={state} />, document.getElementById('app')!);
