/** Memory search and conversation search compare words as the history index does, in any language. */
import { describe, expect, it } from 'vitest';
import { searchConversations } from '../../../lib/background/search-conversations';
import { rankMemories, type Memory } from '../../../lib/tools/memory-store';
import { createMemoryConversationStore } from './memory-conversation-store';

const memory = (id: string, text: string, tags: string[] = [], createdAt = 1): Memory => ({
  id,
  text,
  tags,
  createdAt,
});

describe('rankMemories', () => {
  const memories = [
    memory('ja', '東京の事務所は毎週月曜日に会議がある'),
    memory('zh', '用户喜欢喝龙井茶'),
    memory('de', 'Der Nutzer fährt jeden Morgen mit dem Fahrrad zur Arbeit'),
    memory('en', 'The user is running a marathon in April', ['sports']),
  ];
  const ids = (q: string, langs: string[] = []) => rankMemories(memories, q, 5, langs).map((m) => m.id);

  it('finds a word inside Japanese and Chinese text, which has no spaces', () => {
    expect(ids('会議')).toEqual(['ja']);
    expect(ids('龙井茶')).toEqual(['zh']);
  });
  it("stems under the user's languages, and not at all without them", () => {
    expect(ids('runs', ['en-US'])).toEqual(['en']);
    expect(ids('runs')).toEqual([]);
    expect(ids('Fahrrädern', ['de'])).toEqual(['de']);
  });
  it('ranks a tag above the text, and more words above fewer', () => {
    const list = [memory('a', 'sports news'), memory('b', 'marathon training', ['sports'])];
    expect(rankMemories(list, 'sports', 5).map((m) => m.id)).toEqual(['b', 'a']);
    expect(rankMemories(list, 'marathon training', 5).map((m) => m.id)).toEqual(['b']);
  });
});

describe('searchConversations', () => {
  async function store() {
    const s = createMemoryConversationStore();
    await s.createConversation({ id: 'ja', title: '旅行の計画', createdAt: 1, updatedAt: 1 });
    await s.putMessage({
      id: 'm1',
      conversationId: 'ja',
      role: 'user',
      text: '京都で金閣寺を見てから、新幹線で東京に戻りたい。',
      status: 'complete',
      createdAt: 2,
    });
    await s.createConversation({ id: 'fr', title: 'Recettes', createdAt: 1, updatedAt: 2 });
    await s.putMessage({
      id: 'm2',
      conversationId: 'fr',
      role: 'user',
      text: "Quelles tomates planter dans un jardin à l'ombre ?",
      status: 'complete',
      createdAt: 3,
    });
    return s;
  }

  it('finds Japanese words inside a sentence, with a snippet around them', async () => {
    const [hit, ...rest] = await searchConversations(await store(), '新幹線 東京');
    expect(rest).toEqual([]);
    expect(hit!.conversation.id).toBe('ja');
    expect(hit!.snippet).toContain('新幹線で東京');
  });
  it("needs every word, stems under the user's languages, and takes the last word as typed so far", async () => {
    const s = await store();
    expect(
      (await searchConversations(s, 'tomate jardins', { languages: ['fr'] })).map((h) => h.conversation.id),
    ).toEqual(['fr']);
    expect(await searchConversations(s, 'tomate jardins')).toEqual([]);
    expect((await searchConversations(s, 'tomates jar')).map((h) => h.conversation.id)).toEqual(['fr']);
    expect(await searchConversations(s, 'tomates 東京')).toEqual([]);
  });
});
