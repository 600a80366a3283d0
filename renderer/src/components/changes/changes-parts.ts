// The Changes panel's two chunks: the panel itself and what it asks of the host. Opening it
// fetches both at once (a window still loading its parts in the background would otherwise
// fetch one, run it, and only then ask for the other).
import { lazyPart } from '../../lib/lazy-part';

export const changesPanelPart = lazyPart('the Changes panel', () => import('./changes-panel'));
const changesActionsPart = lazyPart('the Changes panel', () => import('./changes-actions'));

type Actions = typeof import('./changes-actions');

function withActions(run: (m: Actions) => void): void {
  changesPanelPart.load().catch(() => undefined);
  void changesActionsPart.load().then(run, () => undefined);
}

export const openChangesSoon = (id: string): void => withActions((m) => m.openChanges(id));
export const toggleChangesSoon = (id: string): void => withActions((m) => m.toggleChanges(id));
