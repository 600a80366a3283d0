// The toolbar's Files button, the panel's place and Ctrl/Cmd+P (files-button.tsx): a part loaded
// just after the first screen, which they are not needed for (its JS has a budget, R12-JS).
import { lazyPart } from '../../lib/lazy-part';

export const filesUiPart = lazyPart('the Files button', () => import('./files-button'), { soon: true });
