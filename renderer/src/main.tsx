// Every stylesheet, first and in this order, so the cascade does not depend on which parts are
// loaded on demand (lib/lazy-part.ts): the build puts them all in one file in this order (see
// renderer/vite.config.ts), the order the app's one bundle always had. Components still import
// the styles they use; a stylesheet not listed here joins the end.
import './components/mcp/mcp.css';
import './styles/answering.css';
import './components/worktree/worktree.css';
import './components/remote/remote.css';
import './components/history/search-results.css';
import './components/history/history.css';
import './components/team/team.css';
import './components/elicitation/elicitation.css';
import './components/palette/palette.css';
import './styles/workspace.css';
import './styles/tool-question.css';
import './styles/tool-cards.css';
import './styles/find.css';
import './styles/highlight.css';
import './components/changes/changes.css';
import './styles/theme.css';
import './styles/base.css';
import './styles/transcript.css';
import './styles/prompt.css';
import './styles/chrome.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ActionsContext } from './actions-context';
import { getApi } from './api';
import { App } from './app';
import { createActions } from './app-actions';
import { startApp } from './bootstrap';
import { preloadParts } from './lib/lazy-part';
import { clideStore } from './store/store';

const root = document.getElementById('root');
if (root) {
  try {
    const api = getApi();
    const actions = createActions(api, clideStore);
    startApp(api, clideStore, actions);
    createRoot(root).render(
      <StrictMode>
        <ActionsContext.Provider value={actions}>
          <App />
        </ActionsContext.Provider>
      </StrictMode>,
    );
    // Once the first screen is up (the sessions shown, or why not): parts loaded before then
    // would only compete with it.
    const shown = () => clideStore.getState().load.phase !== 'loading';
    if (shown()) preloadParts();
    else {
      const off = clideStore.subscribe(() => {
        if (!shown()) return;
        off();
        preloadParts();
      });
    }
  } catch (err) {
    // Without an API object there is nothing to show but why.
    root.textContent = `clide cannot start: ${err instanceof Error ? err.message : String(err)}`;
  }
}
