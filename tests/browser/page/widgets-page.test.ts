import { afterEach, describe, expect, it } from 'vitest';
import { RefBook } from '../../../lib/page/ref-book';
import { snapshotPage } from '../../../lib/page/snapshot-page';
import { loadFixture, type LoadedFixture } from './load-fixture';

let page: LoadedFixture;
afterEach(() => page?.remove());

describe('the widgets fixture page', () => {
  it('snapshots to the refs the end-to-end script uses, in document order', async () => {
    page = await loadFixture('widgets');
    const { state } = snapshotPage(page.doc, {}, { refs: new RefBook() });
    expect(state.elements.map((e) => [e.ref, e.role, e.name])).toEqual([
      ['e1', 'clickable', 'Open report'],
      ['e2', 'combobox', 'Country'],
      ['e3', 'slider', 'Volume'],
      ['e4', 'radiogroup', 'Size'],
      ['e5', 'button', 'Place order'],
    ]);
  });
});
