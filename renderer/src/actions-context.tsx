import { createContext, useContext } from 'react';
import type { AppActions } from './app-actions';

export const ActionsContext = createContext<AppActions | undefined>(undefined);

export function useActions(): AppActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useActions needs an ActionsContext provider.');
  return actions;
}
