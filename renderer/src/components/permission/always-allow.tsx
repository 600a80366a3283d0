// "Always allow", spelled out: each rule, mode or folder it saves and where it is saved, with
// the scope the person can change (rules and folders only) and, when the CLI offers several
// things, a checkbox for each. What is sent is exactly what is shown (updatedPermissions).
import { useId, useState } from 'react';
import type { PermissionRequest, PermissionSuggestion } from '../../../../shared/events';
import { VisibleText } from '../common/visible-text';
import { describeSuggestion, destinationLabel, destinations, suggestedDestination, withDestination, type Destination } from './suggestions';

export interface AlwaysAllowState {
  offered: boolean;
  /** At least one suggestion is ticked. */
  any: boolean;
  panelId: string;
  suggestions: PermissionSuggestion[];
  picked: boolean[];
  toggle(i: number): void;
  destination: Destination | undefined;
  setDestination(d: Destination): void;
  /** The suggestions to send as updatedPermissions. */
  chosen(): PermissionSuggestion[];
}

export function useAlwaysAllow(request: PermissionRequest): AlwaysAllowState {
  const suggestions = request.suggestions;
  const [picked, setPicked] = useState(() => suggestions.map(() => true));
  const [destination, setDestination] = useState<Destination | undefined>(() => suggestedDestination(suggestions));
  const panelId = useId();
  return {
    offered: suggestions.length > 0 && !request.suppressAlwaysAllow,
    any: picked.some(Boolean),
    panelId,
    suggestions,
    picked,
    toggle: (i) => setPicked((p) => p.map((v, j) => (j === i ? !v : v))),
    destination,
    setDestination,
    chosen: () =>
      withDestination(
        suggestions.filter((_, i) => picked[i]),
        destination,
      ),
  };
}

export function AlwaysAllow({ state, disabled }: { state: AlwaysAllowState; disabled: boolean }) {
  const movable = state.suggestions.some((s) => describeSuggestion(s).movable);
  const several = state.suggestions.length > 1;
  const scopeId = useId();
  return (
    <div className="always-allow" id={state.panelId}>
      <div className="always-allow-head">“Always allow” saves:</div>
      <ul className="always-allow-list">
        {state.suggestions.map((s, i) => {
          const text = describeSuggestion(s);
          const where = text.movable && state.destination ? destinationLabel(state.destination) : text.where;
          const line = (
            <>
              <span className="aa-what">
                <VisibleText text={text.what} />
              </span>
              <span className="aa-where"> · {where}</span>
            </>
          );
          return (
            <li key={i}>
              {several ? (
                <label className="aa-pick">
                  <input type="checkbox" checked={state.picked[i] ?? false} disabled={disabled} onChange={() => state.toggle(i)} />
                  {line}
                </label>
              ) : (
                line
              )}
            </li>
          );
        })}
      </ul>
      {movable && (
        <div className="always-allow-scope">
          <label htmlFor={scopeId}>Save for</label>
          <select id={scopeId} value={state.destination ?? ''} disabled={disabled} onChange={(e) => state.setDestination(e.target.value as Destination)}>
            {destinations.map((d) => (
              <option key={d} value={d}>
                {destinationLabel(d)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
