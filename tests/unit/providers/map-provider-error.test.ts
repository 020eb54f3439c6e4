/** Errors are mapped by the SDKs' classes, never by `name`; "can't reach" says which host and how to fix it. */
import {
  APIConnectionError as AnthropicConnectionError,
  APIConnectionTimeoutError as AnthropicTimeoutError,
  APIError as AnthropicAPIError,
} from '@anthropic-ai/sdk';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeUnreachable } from '../../../lib/providers/describe-unreachable';
import { mapProviderError } from '../../../lib/providers/map-provider-error';
import { describeError } from '../../../components/ui/describe-error';
import { inGerman } from './in-german';

const ollama = { baseURL: 'http://localhost:11434/v1', vendorHost: 'api.openai.com' };

describe('mapProviderError', () => {
  it("maps the SDKs' connection errors to 'network' with the host's fix", () => {
    const e = mapProviderError(
      new APIConnectionError({ message: 'Connection error.', cause: new TypeError('Failed to fetch') }),
      undefined,
      ollama,
    );
    expect(e.code).toBe('network');
    // Tabwise lets itself into a local Ollama (a session rule removes the extension's Origin): the fix is to start it.
    expect(e.message).toBe("Can't reach localhost:11434. Is Ollama running? Start it (ollama serve), then try again.");
    expect(e.message).not.toMatch(/OLLAMA_ORIGINS/);
    expect(
      mapProviderError(new AnthropicConnectionError({ message: 'Connection error.' }), undefined, {
        vendorHost: 'api.anthropic.com',
      }).message,
    ).toBe("Can't reach api.anthropic.com. Check your internet connection, or the base URL in Settings.");
  });

  it('a timeout is a timeout (it subclasses the connection error)', () => {
    expect(mapProviderError(new AnthropicTimeoutError(), undefined, ollama)).toMatchObject({
      code: 'timeout',
      message: 'localhost:11434 did not answer in time.',
    });
  });

  it('an error that only carries a name is not taken for the class', () => {
    const impostor = Object.assign(new Error('Connection error.'), { name: 'APIConnectionError' });
    expect(mapProviderError(impostor, undefined, ollama).code).toBe('unknown');
  });

  it('an APIError without a status is an error inside the stream; a TypeError is the body breaking off', () => {
    expect(mapProviderError(new APIError(undefined, { message: 'boom' }, undefined, undefined)).code).toBe(
      'stream_error',
    );
    expect(mapProviderError(new AnthropicAPIError(undefined, undefined, 'overloaded', undefined)).code).toBe(
      'stream_error',
    );
    expect(mapProviderError(new TypeError('network error')).code).toBe('stream_error');
  });

  it('the user stopping is "aborted"', () => {
    expect(mapProviderError(new APIUserAbortError())).toMatchObject({ code: 'aborted', message: 'Stopped.' });
  });

  it('without an endpoint it names no host', () => {
    expect(mapProviderError(new AnthropicTimeoutError()).message).toBe('The provider did not answer in time.');
    expect(mapProviderError(new APIConnectionError({ message: 'Connection error.' })).message).toBe(
      "Can't reach the provider. Check your internet connection, or the base URL in Settings.",
    );
  });
});

describe("in the user's language", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes its own messages from the locale and passes the vendor's message on as written", () => {
    inGerman();
    expect(mapProviderError(new APIConnectionError({ message: 'Connection error.' }), undefined, ollama).message).toBe(
      'localhost:11434 ist nicht erreichbar. Läuft Ollama? Starten Sie es (ollama serve) und versuchen Sie es dann erneut.',
    );
    expect(mapProviderError(new AnthropicTimeoutError(), undefined, ollama).message).toBe(
      'localhost:11434 hat nicht rechtzeitig geantwortet.',
    );
    expect(mapProviderError(new APIUserAbortError()).message).toBe('Gestoppt.');
    expect(describeUnreachable('https://llm.example.com/v1', 'x')).toBe(
      'llm.example.com ist nicht erreichbar. Prüfen Sie Ihre Internetverbindung oder die Basis-URL in den Einstellungen.',
    );
    const vendor = new APIError(401, { message: 'Incorrect API key provided' }, undefined, undefined);
    expect(mapProviderError(vendor).message).toBe('Incorrect API key provided');
  });
});

describe('describeUnreachable', () => {
  it('names known local servers by port, other loopback servers in general, and remote hosts', () => {
    expect(describeUnreachable('http://127.0.0.1:1234/v1', 'x')).toMatch(
      /^Can't reach 127\.0\.0\.1:1234\. Is LM Studio running\?/,
    );
    expect(describeUnreachable('http://127.0.0.1:1234/v1', 'x')).not.toMatch(/CORS/);
    expect(describeUnreachable('http://localhost:9999/v1', 'x')).toBe(
      "Can't reach localhost:9999. Is the local server running on that port? Start it, or fix the base URL in Settings.",
    );
    expect(describeUnreachable('https://llm.example.com/v1', 'x')).toBe(
      "Can't reach llm.example.com. Check your internet connection, or the base URL in Settings.",
    );
    expect(describeUnreachable(undefined, 'api.openai.com')).toMatch(/^Can't reach api\.openai\.com\./);
    expect(describeUnreachable('not a url', 'x')).toMatch(/not a valid URL/);
  });
});

describe('describeError (what the panel shows)', () => {
  it('gives each provider failure its own title and a Retry', () => {
    expect(describeError({ code: 'network', message: "Can't reach localhost:11434. Is Ollama running?" })).toEqual({
      title: "Can't reach the provider's server",
      detail: "Can't reach localhost:11434. Is Ollama running?",
      fix: 'retry',
    });
    expect(describeError({ code: 'stalled', message: 'No data from the provider for 20 s.' })).toMatchObject({
      title: 'The provider stopped responding',
      fix: 'retry',
    });
    expect(describeError({ code: 'stream_error', message: 'terminated' })).toMatchObject({
      title: 'The answer was cut off',
      fix: 'retry',
    });
  });
});
