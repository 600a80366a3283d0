// The two halves drawn while a tab is dragged over the session area (useTabDrop), the one it
// would land in highlighted. A part of its own: only a drag shows it.
import type { PaneSide } from '../../store/split';

export function DropZones({ over, split }: { over: PaneSide; split: boolean }) {
  const verb = split ? 'Move to the' : 'Split: show on the';
  return (
    <div className="drop-zones" aria-hidden="true">
      {(['left', 'right'] as const).map((side) => (
        <div key={side} className="drop-zone" data-side={side} data-over={over === side || undefined}>
          {over === side && <span className="drop-zone-label">{`${verb} ${side}`}</span>}
        </div>
      ))}
    </div>
  );
}
