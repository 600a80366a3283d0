// Settings, kept by the host (the same in the desktop app and the browser host) and applied to
// every window at once. Each change is saved as it is made; a value the host refuses is
// explained beside the field and nothing is lost.
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { SettingsPatch } from '../../../../shared/settings';
import { useActions } from '../../actions-context';
import { permissionModeLabel } from '../../lib/format';
import { modelDisplayName } from '../../lib/model-name';
import { useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';
import { WorktreeSettings } from '../worktree/worktree-settings';
import { UpdateSettings } from '../desktop/update-settings';
import { TextSizeSetting } from './text-size-setting';
import { TrustSettings } from '../trust/trust-settings';
import type { Result } from '../../../../shared/result';
import type { SettingsState } from '../../../../shared/settings';
import { confirmed } from '../../api/confirm';
import { ConfirmChange } from './confirm-change';
import { needsConfirmation, type PendingConfirmation } from './settings-confirmations';

const modes = ['default', 'acceptEdits', 'plan', 'bypassPermissions'] as const;
const modeHelp: Record<(typeof modes)[number], string> = {
  default: 'Claude asks before editing files or running commands.',
  acceptEdits: 'File edits are allowed; commands still ask.',
  plan: 'Claude plans first and asks you to approve the plan.',
  bypassPermissions: 'Nothing asks. Only for sandboxes you can throw away.',
};

export function SettingsDialog() {
  const open = useClide((s) => s.dialog === 'settings');
  const openDialog = useClide((s) => s.openDialog);
  if (!open) return null;
  return <SettingsForm onDone={() => openDialog(undefined)} />;
}

function SettingsForm({ onDone }: { onDone(): void }) {
  const actions = useActions();
  const settings = useClide((s) => s.settings);
  const claude = useClide((s) => s.environment?.claude);
  const models = useClide((s) => Object.values(s.sessions).find((v) => v.info.models?.length)?.info.models);
  const [errors, setErrors] = useState<Partial<Record<keyof SettingsPatch, string>>>({});
  const [saved, setSaved] = useState<string | undefined>();
  const titleId = useId();

  useEffect(() => {
    if (!settings) void actions.loadSettings();
  }, [settings, actions]);

  const [pending, setPending] = useState<PendingConfirmation | undefined>();

  const apply = async (field: keyof SettingsPatch, change: () => Promise<Result<SettingsState>>): Promise<boolean> => {
    const r = await change();
    setErrors((e) => ({ ...e, [field]: r.ok ? r.value.warning : `${r.error.message}${r.error.hint ? ` ${r.error.hint}` : ''}` }));
    if (r.ok) setSaved(r.value.warning ? undefined : 'Saved');
    return r.ok;
  };
  // A change that lets something run unasked waits for its confirmation in place (false: not saved yet).
  const save = async (field: keyof SettingsPatch, patch: SettingsPatch): Promise<boolean> => {
    const confirmation = settings ? needsConfirmation(settings, field, patch) : undefined;
    if (confirmation) {
      setPending(confirmation);
      return false;
    }
    return apply(field, () => actions.updateSettings(patch));
  };
  const confirmPending = async () => {
    if (!pending) return;
    setPending(undefined);
    const { field, patch, what, value } = pending;
    const ok = await apply(field, () => confirmed(what, value, (confirm) => actions.updateSettings({ ...patch, confirm })));
    if (ok && field === 'claudePath') await actions.checkClaude();
  };
  const confirmation = (field: keyof SettingsPatch) =>
    pending?.field === field && (
      <ConfirmChange title={pending.title} confirmLabel={pending.confirmLabel} onConfirm={() => void confirmPending()} onCancel={() => setPending(undefined)}>
        {pending.text}
      </ConfirmChange>
    );

  if (!settings) {
    return (
      <Modal labelledBy={titleId} onClose={onDone} className="settings-dialog">
        <h2 id={titleId} className="modal-title">
          Settings
        </h2>
        <p className="muted">Loading…</p>
      </Modal>
    );
  }

  return (
    <Modal labelledBy={titleId} onClose={onDone} className="settings-dialog">
      <h2 id={titleId} className="modal-title">
        Settings
        <span className="settings-saved muted" role="status">
          {saved}
        </span>
      </h2>

      <Field label="Claude Code executable" error={errors.claudePath}>
        <TextSetting
          key={settings.claudePath}
          label="Claude Code executable"
          value={settings.claudePath}
          placeholder={claude?.found && claude.source !== 'setting' ? makeVisible(`Found automatically: ${claude.path ?? 'claude'}`) : 'Find it automatically'}
          mono
          onCommit={async (claudePath) => {
            if (await save('claudePath', { claudePath })) await actions.checkClaude();
          }}
        />
        {confirmation('claudePath')}
        <ClaudeState />
      </Field>

      <Field label="Default model for new sessions" error={errors.defaultModel}>
        <TextSetting
          key={settings.defaultModel}
          label="Default model"
          value={settings.defaultModel}
          placeholder="The CLI's default"
          list={
            models
              ? models.filter((m) => m.value !== 'default').map((m) => ({ value: m.value, label: modelDisplayName(m.value, models) ?? m.value }))
              : undefined
          }
          onCommit={(defaultModel) => save('defaultModel', { defaultModel })}
        />
        <p className="field-help">An alias such as sonnet or opus, or a full model id. Empty lets Claude Code choose.</p>
      </Field>

      <fieldset className="field">
        <legend className="field-label">Default permission mode for new sessions</legend>
        <div className="choice-list">
          {modes.map((m) => (
            <label key={m} className="choice">
              <input
                type="radio"
                name="default-mode"
                checked={settings.defaultPermissionMode === m}
                onChange={() => void save('defaultPermissionMode', { defaultPermissionMode: m })}
              />
              <span>
                {permissionModeLabel(m)}
                <span className="field-help"> · {modeHelp[m]}</span>
              </span>
            </label>
          ))}
        </div>
        {confirmation('defaultPermissionMode')}
        {errors.defaultPermissionMode && <p className="modal-error">{errors.defaultPermissionMode}</p>}
      </fieldset>

      <Field label="Park idle sessions after (minutes)" error={errors.parkAfterMinutes}>
        <TextSetting
          key={settings.parkAfterMinutes}
          label="Minutes before an idle session is parked"
          value={String(settings.parkAfterMinutes)}
          placeholder="15"
          onCommit={(raw) => {
            const minutes = Number(raw);
            if (raw === '' || !Number.isInteger(minutes) || minutes < 0 || minutes > 1440) {
              setErrors((e) => ({ ...e, parkAfterMinutes: 'Enter a whole number of minutes from 0 to 1440.' }));
              return false;
            }
            return save('parkAfterMinutes', { parkAfterMinutes: minutes });
          }}
        />
        <p className="field-help">
          A session left alone this long has its Claude process ended to free memory; your next message resumes the conversation. Never while Claude works or
          waits for you. 0 keeps every session running.
        </p>
      </Field>

      <fieldset className="field">
        <legend className="field-label">Theme</legend>
        <div className="segmented" role="radiogroup" aria-label="Theme">
          {(['system', 'light', 'dark'] as const).map((t) => (
            <label key={t} className="segment" data-checked={settings.theme === t || undefined}>
              <input type="radio" name="theme" checked={settings.theme === t} onChange={() => void save('theme', { theme: t })} />
              {t === 'system' ? 'Match system' : t === 'light' ? 'Light' : 'Dark'}
            </label>
          ))}
        </div>
      </fieldset>

      <TextSizeSetting size={settings.transcriptTextSize} error={errors.transcriptTextSize} save={save} />

      <fieldset className="field">
        <legend className="field-label">Notifications</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={settings.notifications.enabled}
            onChange={(e) => void save('notifications', { notifications: { enabled: e.target.checked } })}
          />
          <span>Notify me when the window is not in view</span>
        </label>
        <div className="choice-sub">
          <label className="choice">
            <input
              type="checkbox"
              disabled={!settings.notifications.enabled}
              checked={settings.notifications.needsYou}
              onChange={(e) => void save('notifications', { notifications: { needsYou: e.target.checked } })}
            />
            <span>When Claude needs me (a permission, a question, a plan)</span>
          </label>
          <label className="choice">
            <input
              type="checkbox"
              disabled={!settings.notifications.enabled}
              checked={settings.notifications.finished}
              onChange={(e) => void save('notifications', { notifications: { finished: e.target.checked } })}
            />
            <span>When Claude finishes a turn</span>
          </label>
        </div>
        {settings.notifications.enabled && <NotificationPermission />}
        {errors.notifications && <p className="modal-error">{errors.notifications}</p>}
      </fieldset>

      <WorktreeSettings save={save} errors={errors} Text={TextSetting} />
      {confirmation('repository')}

      <TrustSettings />

      <UpdateSettings save={save} errors={errors} Text={TextSetting} />

      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </Modal>
  );
}

function Field({ label, error, children }: { label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <div className="field-label">{label}</div>
      {children}
      {error && (
        <p className="modal-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextSettingProps {
  label: string;
  value: string;
  placeholder: string;
  mono?: boolean;
  list?: Array<{ value: string; label: string }>;
  onCommit(value: string): unknown;
}

/** A text setting saved on Enter or when focus leaves, only when it changed. */
function TextSetting({ label, value, placeholder, mono, list, onCommit }: TextSettingProps) {
  // Keyed by the saved value, so a change from elsewhere (another window) resets the draft.
  const [draft, setDraft] = useState(value);
  const listId = useId();
  const commit = () => {
    if (draft.trim() !== value) void onCommit(draft.trim());
  };
  return (
    <>
      <input
        className={`text-input${mono ? ' mono' : ''}`}
        aria-label={label}
        value={draft}
        placeholder={placeholder}
        spellCheck={false}
        list={list ? listId : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {list && (
        <datalist id={listId}>
          {list.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}

function ClaudeState() {
  const claude = useClide((s) => s.environment?.claude);
  if (!claude) return null;
  if (!claude.found) return <p className="modal-error">{claude.error?.message ?? 'Claude Code was not found.'}</p>;
  const where: Record<NonNullable<typeof claude.source>, string> = {
    env: 'from CLIDE_CLAUDE_PATH, which wins over this setting',
    setting: 'as set here',
    'login-shell': 'on your login shell’s PATH (what your terminal finds)',
    path: 'on clide’s own PATH',
    'install-location': 'in a usual install location',
  };
  return (
    <p className="field-help" data-testid="claude-in-use">
      Using <code>{claude.path && <VisibleText text={claude.path} />}</code>
      {claude.version ? ` (Claude Code ${claude.version})` : ''} {claude.source ? where[claude.source] : ''}.
    </p>
  );
}

function NotificationPermission() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'));
  if (!supported) return <p className="field-help">This browser cannot show notifications; the Needs you inbox still lists everything.</p>;
  if (permission === 'granted') return null;
  if (permission === 'denied') {
    return <p className="field-help is-warning">Notifications are blocked for this page. Allow them in the browser’s site settings to get them.</p>;
  }
  return (
    <p className="field-help">
      The browser has to allow notifications first.{' '}
      <button type="button" className="link-button" onClick={() => void Notification.requestPermission().then(setPermission)}>
        Allow notifications
      </button>
    </p>
  );
}
