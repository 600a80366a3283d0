// Nothing typed by a person or written by a model reaches argv unchecked.
import { describe, expect, it } from 'vitest';
import { modelProblem, permissionModeProblem, sessionIdProblem, spawnArgs } from '../../../electron/core/spawn-args';
import { ClideError } from '../../../shared/result';

describe('spawn arguments', () => {
  it('passes real model names, modes and session ids through as separate arguments', () => {
    expect(spawnArgs({ resume: '0b6f8c52-6d0e-4a55-9a3b-4c1f3f6b2a10', model: 'claude-opus-4-7[1m]', permissionMode: 'acceptEdits' })).toEqual([
      '--resume',
      '0b6f8c52-6d0e-4a55-9a3b-4c1f3f6b2a10',
      '--model',
      'claude-opus-4-7[1m]',
      '--permission-mode',
      'acceptEdits',
    ]);
    expect(spawnArgs({})).toEqual([]);
    for (const m of [
      'sonnet',
      'opus',
      'claude-sonnet-4-5@20250929',
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      'arn:aws:bedrock:us-east-1:123456789012:inference-profile/x.y',
    ]) {
      expect(modelProblem(m)).toBeUndefined();
    }
  });

  it.each([
    ['--dangerously-skip-permissions'],
    ['-p'],
    ['sonnet --dangerously-skip-permissions'],
    ['sonnet\n--verbose'],
    [''],
    ['x'.repeat(201)],
    ['$(rm -rf ~)'],
    ['sonnet;echo'],
  ])('rejects the model %j', (model) => {
    expect(modelProblem(model)?.kind).toBe('invalid-input');
    expect(() => spawnArgs({ model })).toThrow(ClideError);
  });

  it('accepts only known permission modes', () => {
    for (const m of ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto']) expect(permissionModeProblem(m)).toBeUndefined();
    for (const m of ['--help', 'Default', 'plan ', 'yolo', '']) expect(permissionModeProblem(m)?.kind).toBe('invalid-input');
  });

  it('accepts only UUID session ids', () => {
    expect(sessionIdProblem('0B6F8C52-6D0E-4A55-9A3B-4C1F3F6B2A10')).toBeUndefined();
    for (const id of ['--fork-session', '../../etc/passwd', '0b6f8c52-6d0e-4a55-9a3b-4c1f3f6b2a10 --x', 'abc']) {
      expect(sessionIdProblem(id)?.kind).toBe('invalid-input');
    }
  });

  it('says what is wrong and what to do', () => {
    const e = modelProblem('--evil');
    expect(e?.message).toContain('--evil');
    expect(e?.hint).toBeTruthy();
  });
});
