// ssh asks for a password or a key passphrase: a dialog with ssh's own words, above whatever is
// open (New session waits for the login behind it). The answer goes to ssh once and is kept
// nowhere; Cancel tells ssh no.
import { useEffect, useId, useState } from 'react';
import type { RemotePrompt } from '../../../../shared/remote';
import { getApi } from '../../api';
import { Modal } from '../common/modal';
import { VisibleText } from '../common/visible-text';
import { remoteApi } from './remote-api';
import { dropPrompt, startRemoteSync, useRemoteStore } from './remote-store';
import './remote.css';

export function RemotePrompts() {
  useEffect(() => startRemoteSync(getApi()), []);
  const prompt = useRemoteStore((s) => s.prompts[0]);
  // A new key per prompt: a second question never shows the first one's typing.
  return prompt ? <PromptDialog key={prompt.id} prompt={prompt} /> : null;
}

function PromptDialog({ prompt }: { prompt: RemotePrompt }) {
  const titleId = useId();
  const textId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const reply = async (answer: string | undefined) => {
    setValue('');
    const r = await remoteApi.answer(prompt.id, answer);
    if (r.ok) dropPrompt(prompt.id);
    else setError(r.error.message);
  };

  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={() => void reply(undefined)} className="remote-prompt-dialog" alert>
      <h2 id={titleId} className="modal-title">
        {prompt.confirm ? 'ssh asks' : 'Log in to'} <VisibleText text={prompt.location} />
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void reply(prompt.confirm ? 'yes' : value);
        }}
      >
        <p id={textId} className="remote-prompt-text mono">
          <VisibleText text={prompt.text} />
        </p>
        {!prompt.confirm && (
          <input
            className="text-input"
            type="password"
            aria-label={prompt.text}
            autoComplete="off"
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <p className="muted remote-prompt-note">clide passes this to ssh once and does not keep it.</p>
        {error && (
          <p className="modal-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => void reply(undefined)}>
            {prompt.confirm ? 'No' : 'Cancel'}
          </button>
          <button type="submit" className="btn btn-primary">
            {prompt.confirm ? 'Yes' : 'Log in'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
