import { render } from 'preact';
import { applyUiLocale } from '../../components/ui/apply-ui-locale';
import { OptionsApp } from '../../components/options/OptionsApp';
import { createOptionsState } from '../../components/options/options-state';
import '../../components/styles.css';
import '../../components/options/settings.css';

applyUiLocale(document, 'page_title_settings');
render(<OptionsApp state={createOptionsState()} />, document.getElementById('app')!);
