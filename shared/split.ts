// The split view's layout as the window sends it to the host to keep across a restart (and gets
// it back): which tabs the right pane holds (every other tab is in the left one), the tab each
// pane shows, and the left pane's share of the width.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const TabId = lazySchema(() => z.string().min(1).max(200));

export const SplitLayoutSchema = lazySchema(() =>
  z
    .object({
      right: z.array(TabId).min(1).max(1000),
      shown: z.object({ left: TabId, right: TabId }).strict(),
      ratio: z.number().min(0).max(1),
    })
    .strict(),
);
export type SplitLayout = z.infer<typeof SplitLayoutSchema>;
