// The model (from the CLI's own list: display name and description) and, where the model
// supports it, the effort level. Each shows what the CLI confirmed; a change in flight says so.
import type { ModelInfo } from '../../../../shared/events';
import { useSessionField } from '../../store/hooks';
import { Menu } from './menu';
import { clearError, requestEffort, requestModel, useControl, usePickedModel } from './mode-requests';

const NO_MODELS: ModelInfo[] = [];

/** The list entry the session's model stands for: the one picked here, else the first that names it. */
export function currentEntry(models: readonly ModelInfo[], model: string | undefined, picked: string | undefined): ModelInfo | undefined {
  if (!model) return undefined;
  const matches = models.filter((m) => m.value === model || m.resolvedModel === model);
  return matches.find((m) => m.value === picked) ?? matches[0];
}

const effortLabel: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', xhigh: 'Extra high', max: 'Max' };

export function ModelPicker({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  const models = useSessionField(sessionId, (v) => v.info.models ?? NO_MODELS, NO_MODELS);
  const model = useSessionField(sessionId, (v) => v.info.model, undefined);
  const effort = useSessionField(sessionId, (v) => v.info.effortLevel, undefined);
  const picked = usePickedModel(sessionId);
  const modelState = useControl(sessionId, 'model');
  const effortState = useControl(sessionId, 'effort');
  const entry = currentEntry(models, model, picked);
  const asking = modelState.asking !== undefined ? models.find((m) => m.value === modelState.asking) : undefined;
  const levels = entry?.supportsEffort ? (entry.effortLevels ?? []) : [];

  if (models.length === 0 && !model) return null;
  return (
    <>
      <div className="ctl-control">
        <Menu
          name="Model"
          items={models.map((m) => ({ value: m.value, label: m.displayName, description: m.description }))}
          current={entry?.value}
          disabled={disabled || models.length === 0 || modelState.asking !== undefined}
          title={model ? `Model: ${model}` : 'Model'}
          onPick={(value) => {
            clearError(sessionId, 'model');
            if (value !== entry?.value) void requestModel(sessionId, value);
          }}
        >
          {entry?.displayName ?? model ?? 'Model'}
        </Menu>
        {modelState.asking !== undefined && (
          <span className="ctl-pending" role="status">
            switching to {asking?.displayName ?? modelState.asking}…
          </span>
        )}
        {modelState.error && (
          <span className="ctl-error" role="alert">
            {modelState.error.message}
          </span>
        )}
      </div>
      {levels.length > 0 && (
        <div className="ctl-control">
          <Menu
            name="Effort"
            items={levels.map((l) => ({ value: l, label: effortLabel[l] ?? l }))}
            current={effort}
            disabled={disabled || effortState.asking !== undefined}
            title="How hard Claude thinks before answering"
            onPick={(level) => {
              clearError(sessionId, 'effort');
              if (level !== effort) void requestEffort(sessionId, level);
            }}
          >
            Effort: {effort ? (effortLabel[effort] ?? effort) : 'default'}
          </Menu>
          {effortState.asking !== undefined && (
            <span className="ctl-pending" role="status">
              setting {effortLabel[effortState.asking] ?? effortState.asking}…
            </span>
          )}
          {effortState.error && (
            <span className="ctl-error" role="alert">
              {effortState.error.message}
            </span>
          )}
        </div>
      )}
    </>
  );
}
