import { localeMessage } from '../../harness/locale-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeTrim } from '../../../lib/agent/describe-trim';
import { foldRunEvent, emptyRunView } from '../../../lib/agent/run-view';
import { tokenBudget } from '../../../lib/agent/stop-condition';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { createDelegateTool, type SubAgentDefinition } from '../../../lib/tools/delegate-tool';
import { echoTool, setup } from '../agent/harness';
import {
  composeMenuDraft,
  listMenuItems,
  MENU_ASK_SELECTION,
  MENU_SUMMARISE,
} from '../../../lib/background/compose-menu-draft';
import { parseExportFile } from '../../../lib/background/data-transfer/parse-export-file';
import { requestSchemas } from '../../../lib/background/request-schemas';

/** chrome.i18n as Chrome runs it for a German browser: the German file, $1…$9 substituted. */
const germanMessage = localeMessage('de');

describe("the worker says what the user sees in the browser's language", () => {
  beforeEach(() => vi.spyOn(chrome.i18n, 'getMessage').mockImplementation(germanMessage));
  afterEach(() => vi.restoreAllMocks());

  it('menu titles and the drafts they compose', () => {
    expect(listMenuItems().map((i) => i.title)).toEqual([
      'Tabwise zur Auswahl fragen',
      'Diese Seite zusammenfassen',
      'Dieses Formular mit Tabwise ausfüllen',
    ]);
    expect(composeMenuDraft(MENU_SUMMARISE)).toBe('Fasse diese Seite zusammen.');
    expect(composeMenuDraft(MENU_ASK_SELECTION, 'Zitat')).toBe('Zu dieser Auswahl von der Seite:\n\n> Zitat\n\n');
  });

  it('notices under an answer', () => {
    const view = foldRunEvent(emptyRunView('r'), { type: 'run-finish', runId: 'r', reason: 'step-limit' });
    expect(view.parts).toEqual([
      {
        kind: 'notice',
        text: 'Am Schrittlimit gestoppt. Bitten Sie um Fortsetzung oder erhöhen Sie das Limit in den Einstellungen.',
      },
    ]);
    expect(describeTrim({ truncated: 0, reasoning: 0, stubbed: 2, dropped: 1 })).toBe(
      'Kontext gekürzt, damit er in das Kontextfenster des Modells passt: 2 alte(s) Tool-Ergebnis(se) durch einen Platzhalter ersetzt; 1 früheste Nachricht(en) entfernt.',
    );
  });

  it('validation and error messages, with numbers written the German way', () => {
    const issues = requestSchemas['settings.update']
      .safeParse({ maxRunTokens: 500 })
      .error?.issues.map((i) => i.message);
    expect(issues).toEqual(['Mindestens 1.000 Tokens pro Lauf']);
    expect(() => parseExportFile('{"format":"something else"}')).toThrow(
      'Nichts wurde importiert: Diese Datei ist kein Tabwise-Export.',
    );
  });

  it('a run cap tells the user in German and the model in English', () => {
    const refusal = tokenBudget(3000)({ pendingToolCalls: 0, pendingSubAgents: 0, liveSubAgents: 0, tokensUsed: 3200 });
    expect(refusal?.error).toEqual({
      code: 'token_budget',
      message:
        'Gestoppt: Dieser Lauf hat etwa 3.200 Tokens verbraucht; das Budget ist 3.000 (Einstellungen → Assistent).',
    });
    expect(refusal?.forModel).toBe(
      'Stopped: this run used about 3,200 tokens; the budget is 3,000 (Settings → Assistant).',
    );
  });

  it('a sub-agent stopped by a cap: the user reads German, the parent model English', async () => {
    const echo = echoTool('echo');
    const agents: SubAgentDefinition[] = [
      { name: 'helper', description: 'helps', instructions: 'Help.', tools: ['echo'] },
    ];
    const calls = ['a', 'b', 'c'].map((id) => ({ id, name: 'echo', input: { value: id } }));
    const s = setup({
      tools: [echo.tool],
      builtins: [createDelegateTool(agents)],
      runtime: { agents },
      scripts: [
        toolCallsReply([{ id: 'd', name: 'delegate', input: { agent: 'helper', task: 't' } }]),
        toolCallsReply(calls),
        textReply('done'),
      ],
    });
    await (
      await s.start('go', { maxToolCallsPerStep: 2 })
    ).done;
    const nested = s.events.flatMap((e) =>
      e.type === 'nested' && e.event.type === 'error' ? [e.event.error.message] : [],
    );
    expect(nested).toEqual([
      'Gestoppt: Dieser Lauf hat in einem Schritt 3 Tool-Aufrufe gemacht; das Limit ist 2 (Einstellungen → Assistent).',
    ]);
    const told = JSON.stringify(s.model.calls[2]!.messages.at(-1));
    expect(told).toContain(
      'Sub-agent \\"helper\\" failed: Stopped: this run made 3 tool calls in one step; the limit is 2 (Settings → Assistant).',
    );
  });
});
