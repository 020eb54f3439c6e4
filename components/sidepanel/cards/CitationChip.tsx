import { useState } from 'preact/hooks';
import { describeLink } from '../../ui/describe-link';
import { LinkConfirm } from '../LinkConfirm';
import { t } from '../../ui/t';

/**
 * A source as a chip (title and host). It is a button, not a link, so nothing is fetched until it is pressed;
 * then the same rules as links in answers apply: only http(s), and a URL carrying unusual data is shown in
 * full and opened only after the user confirms.
 */
export function CitationChip({ title, url }: { title: string; url: string }) {
  const [pending, setPending] = useState<{ url: string; host: string; reason: string } | null>(null);
  const described = describeLink(url);
  const host = described?.host ?? '';
  const open = (target: string) => window.open(target, '_blank', 'noopener,noreferrer');
  const onClick = () => {
    if (!described) return;
    if (described.suspicious) setPending({ url, host: described.host, reason: described.suspicious });
    else open(url);
  };
  return (
    <>
      <button type="button" class="citation-chip" onClick={onClick} disabled={!described} title={described ? t('citation_open', host) : t('citation_not_web')}>
        <span class="chip-title">{title}</span>
        {host && <span class="chip-host">{host}</span>}
      </button>
      {pending && (
        <LinkConfirm
          {...pending}
          onOpen={() => {
            open(pending.url);
            setPending(null);
          }}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}
