// Shows a part loaded on demand (lib/lazy-part.ts) while `when` holds: nothing until it has
// loaded (a dialog or panel opens a moment later the first time, and at once after the
// background preload), then `children` with its module.
import type { ReactNode } from 'react';
import { useLazyPart, type LazyPart } from '../../lib/lazy-part';

export function LazyView<M>({ part, when = true, children }: { part: LazyPart<M>; when?: boolean; children: (module: M) => ReactNode }) {
  const module = useLazyPart(part, when);
  return when && module ? children(module) : null;
}
