import { render } from 'preact';
import { applyUiLocale } from '../../components/ui/apply-ui-locale';
import { ViewerApp } from '../../components/viewer/ViewerApp';
import { createViewerState } from '../../components/viewer/viewer-state';
import '../../components/styles.css';
import '../../components/viewer/viewer.css';

// An unlisted page: citations of the user's folder documents open here (lib/tools/folder/viewer-url.ts).
applyUiLocale(document, 'viewer_title');
render(<ViewerApp state={createViewerState(location.href, location.origin)} />, document.getElementById('app')!);
