import type { ComponentChildren } from 'preact';
import { t } from '../../ui/t';

/**
 * Text a web page wrote, marked as such so nobody mistakes it for Tabwise's own words. Children are text
 * nodes only (Preact escapes them): page text is never parsed as HTML or Markdown here.
 */
export function PageContent({
  children,
  label = t('page_content_label'),
}: {
  children: ComponentChildren;
  label?: string;
}) {
  return (
    <blockquote class="page-content" data-untrusted="true">
      <span class="page-content-label">{label}</span>
      {children}
    </blockquote>
  );
}
