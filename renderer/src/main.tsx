import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ActionsContext } from './actions-context';
import { getApi } from './api';
import { App } from './app';
import { createActions } from './app-actions';
import { startApp } from './bootstrap';
import { clideStore } from './store/store';
import './styles/theme.css';
import './styles/base.css';
import './styles/transcript.css';
import './styles/prompt.css';
import './styles/chrome.css';

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
  } catch (err) {
    // Without an API object there is nothing to show but why.
    root.textContent = `clide cannot start: ${err instanceof Error ? err.message : String(err)}`;
  }
}
