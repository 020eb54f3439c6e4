/**
 * Gives each code block of a rendered answer its toolbar (language and a Copy button). The toolbar is built
 * here with DOM APIs after sanitising, not written into the answer's HTML: the sanitiser lets no button or
 * class through from the model, so every control in an answer is one the panel made, and a model cannot draw
 * a Copy (or Approve) button of its own. Only `.code-block`s carry the class, which only the renderer sets.
 */
import { t } from './t';
export function addCodeToolbars(root: HTMLElement): void {
  for (const block of root.querySelectorAll<HTMLElement>('div.code-block')) {
    if (block.firstElementChild?.classList.contains('code-bar')) continue;
    const code = block.querySelector('pre > code');
    if (!code) continue;
    const bar = document.createElement('div');
    bar.className = 'code-bar';
    const language = document.createElement('span');
    language.textContent = [...code.classList].find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'copy';
    copy.textContent = t('code_copy');
    copy.addEventListener('click', () => copyCode(copy, code));
    bar.append(language, copy);
    block.prepend(bar);
  }
}

function copyCode(button: HTMLButtonElement, code: Element): void {
  void navigator.clipboard.writeText(code.textContent ?? '').then(
    () => (button.textContent = t('code_copied')),
    () => (button.textContent = t('code_copy_failed')),
  );
  setTimeout(() => (button.textContent = t('code_copy')), 1500);
}
