import { describeLink } from '../../ui/describe-link';
import { LinkConfirm } from '../lazy-link-confirm';
import { useLinkGate } from '../use-link-gate';
import { t } from '../../ui/t';

/**
 * A source as a chip (title and host). It is a button, not a link, so nothing is fetched until it is pressed;
 * then the same rules as links in answers apply: only http(s), and a URL carrying unusual data (or text the
 * conversation read on another site) is shown in full and opened only after the user confirms.
 */
export function CitationChip({ title, url }: { title: string; url: string }) {
  const gate = useLinkGate();
  const described = describeLink(url);
  const host = described?.host ?? '';
  const onClick = () => {
    if (described) void gate.follow(url, described);
  };
  return (
    <>
      <button
        type="button"
        class="citation-chip"
        onClick={onClick}
        disabled={!described}
        title={described ? t('citation_open', host) : t('citation_not_web')}
      >
        <span class="chip-title">{title}</span>
        {host && <span class="chip-host">{host}</span>}
      </button>
      {gate.pending && <LinkConfirm {...gate.pending} onOpen={gate.open} onCancel={gate.cancel} />}
    </>
  );
}
