// The "needs you" inbox button (inbox-button.tsx), drawn just after the first screen: what waits
// is also marked on each tab, and the first screen's JS has a budget (R12-JS).
import { lazyPart } from '../../lib/lazy-part';

export const inboxButtonPart = lazyPart('the Needs you button', () => import('./inbox-button'), { soon: true });
