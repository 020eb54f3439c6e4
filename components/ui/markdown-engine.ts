/**
 * Everything that needs marked and DOMPurify, in one module the panel loads after its first paint
 * (load-markdown-engine): together they are about half the panel's JavaScript.
 */
export { renderMarkdown } from './render-markdown';
export { extendMarkdownBlocks, splitMarkdownBlocks } from './split-markdown-blocks';
