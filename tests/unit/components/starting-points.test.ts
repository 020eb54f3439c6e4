import { describe, expect, it } from 'vitest';
import { startingPointsFor, type StartingFacts } from '../../../components/sidepanel/starting-points';

const facts = (f: Partial<StartingFacts>): StartingFacts => ({
  readablePage: false,
  hasForm: false,
  hasSelection: false,
  remembering: false,
  ...f,
});
const ids = (f: Partial<StartingFacts>) => startingPointsFor(facts(f)).map((p) => p.id);

describe('starting points fit the page in front', () => {
  it('an article: summarise only; a form adds fill; a selection adds ask; remembering adds search', () => {
    expect(ids({ readablePage: true })).toEqual(['summarise']);
    expect(ids({ readablePage: true, hasForm: true })).toEqual(['summarise', 'fill-form']);
    expect(ids({ readablePage: true, hasSelection: true, remembering: true })).toEqual([
      'summarise',
      'ask-selection',
      'search-read',
    ]);
  });

  it('no readable page (a browser page, or its chip removed): nothing about the page, search while remembering', () => {
    expect(ids({ hasForm: true, hasSelection: true })).toEqual([]);
    expect(ids({ remembering: true })).toEqual(['search-read']);
  });

  it('complete requests are sent on the click; the ones that need the user words are drafts', () => {
    const modes = Object.fromEntries(
      startingPointsFor(facts({ readablePage: true, hasForm: true, hasSelection: true, remembering: true })).map(
        (p) => [p.id, p.mode],
      ),
    );
    expect(modes).toEqual({ summarise: 'send', 'fill-form': 'send', 'ask-selection': 'draft', 'search-read': 'draft' });
  });
});
