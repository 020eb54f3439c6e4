import { render } from 'preact';
import { OptionsApp } from '../../components/options/OptionsApp';
import { createOptionsState } from '../../components/options/options-state';
import '../../components/styles.css';
import '../../components/options/settings.css';

render(<OptionsApp state={createOptionsState()} />, document.getElementById('app')!);
