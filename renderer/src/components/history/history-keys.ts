// History's shortcut as the button's title and the drawer show it (its own file: the button is
// on the first screen, the drawer is loaded when it opens).
import { keyLabel } from '../../lib/shortcuts';

/** Ctrl/Cmd+Shift+H. */
export const HISTORY_KEY_LABEL = keyLabel('H', { shift: true });
