import { expect, it } from 'vitest';
import { pageKeyOf } from '../../../lib/retrieval/page-key';
import { textFragmentUrl } from '../../../lib/retrieval/engine/text-fragment-url';

it('a hash route is a page of its own; a plain anchor is the same page', () => {
  expect(pageKeyOf('https://app.example/#/inbox')).toBe('https://app.example/#/inbox');
  expect(pageKeyOf('https://app.example/#!/settings?tab=2')).toBe('https://app.example/#!/settings?tab=2');
  expect(pageKeyOf('https://docs.example/guide#install')).toBe('https://docs.example/guide');
  expect(pageKeyOf('https://docs.example/guide')).toBe('https://docs.example/guide');
  expect(pageKeyOf('https://docs.example/guide#:~:text=hello')).toBe('https://docs.example/guide');
  expect(pageKeyOf('https://app.example/#/inbox:~:text=hello')).toBe('https://app.example/#/inbox');
});

it('citation links keep a route and put the text directive after it', () => {
  expect(textFragmentUrl('https://app.example/#/inbox', 'Quarterly report attached')).toBe(
    'https://app.example/#/inbox:~:text=Quarterly%20report%20attached',
  );
  expect(textFragmentUrl('https://docs.example/guide#install', 'Run npm start')).toBe(
    'https://docs.example/guide#:~:text=Run%20npm%20start',
  );
});
