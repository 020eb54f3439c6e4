import { describe, expect, it } from 'vitest';
import {
  CAPTURE_SCRIPT,
  createCaptureScriptSync,
  type ScriptRegistry,
} from '../../../lib/background/sync-capture-script';

function fakeRegistry() {
  const scripts = new Map<string, chrome.scripting.RegisteredContentScript>();
  const calls: string[] = [];
  const registry: ScriptRegistry = {
    getRegisteredContentScripts: async (filter) =>
      [...scripts.values()].filter((s) => !filter?.ids || filter.ids.includes(s.id)),
    registerContentScripts: async (list) => {
      calls.push('register');
      for (const s of list) {
        if (scripts.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
        scripts.set(s.id, s);
      }
    },
    unregisterContentScripts: async (filter) => {
      calls.push('unregister');
      for (const id of filter?.ids ?? [...scripts.keys()]) scripts.delete(id);
    },
  };
  return { scripts, calls, registry };
}

describe('createCaptureScriptSync', () => {
  it('a state asked for (a function) is read when its turn comes, so an older reading never undoes a newer call', async () => {
    const { scripts, registry } = fakeRegistry();
    const sync = createCaptureScriptSync(registry);
    let remembering = false;
    // The user's switch to on is queued, then a policy change whose caller had read "off" before the switch
    // landed: asked at its turn, it reads "on" and leaves the script registered.
    const userTurn = sync(true);
    const policyTurn = sync(async () => remembering);
    remembering = true;
    await Promise.all([userTurn, policyTurn]);
    expect(scripts.size).toBe(1);
    // Evaluated eagerly it would have unregistered it.
    remembering = false;
    await sync(async () => remembering);
    expect(scripts.size).toBe(0);
  });

  it('registers the capture script in top frames of every page only while remembering is on, once, and persists it', async () => {
    const { scripts, calls, registry } = fakeRegistry();
    const sync = createCaptureScriptSync(registry);
    await sync(false);
    expect(scripts.size).toBe(0);
    await Promise.all([sync(true), sync(true)]);
    expect(calls).toEqual(['register']);
    expect(scripts.get(CAPTURE_SCRIPT.id)).toEqual({
      id: 'tabwise-capture',
      js: ['content-scripts/capture.js'],
      matches: ['<all_urls>'],
      allFrames: false,
      runAt: 'document_idle',
      persistAcrossSessions: true,
    });
    await sync(false);
    expect(scripts.size).toBe(0);
    expect(calls).toEqual(['register', 'unregister']);
  });

  it('a failed call does not stop the next one', async () => {
    const { scripts, registry } = fakeRegistry();
    let failures = 1;
    const flaky: ScriptRegistry = {
      ...registry,
      registerContentScripts: async (list) =>
        failures-- > 0 ? Promise.reject(new Error('boom')) : registry.registerContentScripts(list),
    };
    const sync = createCaptureScriptSync(flaky);
    await expect(sync(true)).rejects.toThrow('boom');
    expect(scripts.size).toBe(0);
    await sync(true);
    expect(scripts.size).toBe(1);
  });
});
