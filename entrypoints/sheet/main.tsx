import { render } from 'preact';
import { applyUiLocale } from '../../components/ui/apply-ui-locale';
import { SheetViewApp } from '../../components/sheet/SheetViewApp';
import { loadSheetView } from '../../components/sheet/load-sheet-view';
import { sheetSources } from '../../components/sheet/sheet-sources';
import '../../components/styles.css';
import '../../components/sheet/sheet-view.css';

// The reader page of a spreadsheet citation: which rows comes from this page's own (checked) address.
applyUiLocale(document, 'page_title_sheet');
const load = () => loadSheetView(location.href, { base: chrome.runtime.getURL('/'), ...sheetSources() });
render(<SheetViewApp load={load} />, document.getElementById('app')!);
