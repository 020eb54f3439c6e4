import { t } from '../../ui/t';

/** What a decided hand-over card says (the password itself is never shown, not even its length). */
export function handoverDecisionText(toolName: string, decision: 'approved' | 'denied' | 'always'): string | undefined {
  if (toolName === 'fill_password')
    return decision === 'denied' ? t('card_password_not_typed') : t('card_password_typed');
  if (toolName === 'ask_user') return decision === 'denied' ? t('card_you_stopped') : t('card_you_continued');
  return undefined;
}
