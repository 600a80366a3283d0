// The Files panel's chunks: the panel, what it asks of the host, and quick open. The toolbar
// button and Ctrl/Cmd+P are on the first screen; everything they open is fetched when wanted.
import { lazyPart } from '../../lib/lazy-part';

export const filesPanelPart = lazyPart('the Files panel', () => import('./files-panel'));
export const quickOpenPart = lazyPart('quick open', () => import('./quick-open'));
const filesActionsPart = lazyPart('the Files panel', () => import('./files-actions'));

export function toggleFilesSoon(id: string): void {
  filesPanelPart.load().catch(() => undefined);
  void filesActionsPart.load().then(
    (m) => m.toggleFiles(id),
    () => undefined,
  );
}
