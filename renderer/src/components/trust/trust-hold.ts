// Why the composer waits while its folder's trust question is open. Apart from the card
// (trust-card.tsx), which is a part loaded only for tabs that show it.
import type { SessionView } from '../../../../shared/transcript';

export function trustHold(v: Pick<SessionView, 'info'>): string | undefined {
  return v.info.trust?.state === 'asking' ? 'Claude starts once you trust this folder, or open it restricted.' : undefined;
}
