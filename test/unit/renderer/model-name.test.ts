import { describe, expect, it } from 'vitest';
import { modelDisplayName } from '../../../renderer/src/lib/model-name';

// As `initialize` lists them on 2.1.332 (fixtures/text-turn.jsonl).
const models = [
  {
    value: 'default',
    resolvedModel: 'claude-opus-5-5',
    displayName: 'Default (recommended)',
    description: 'Use the default model (currently Opus 5.5) · $4/$20 per Mtok',
  },
  { value: 'opus', resolvedModel: 'claude-opus-5-5', displayName: 'Opus', description: 'Opus 5.5 · Best for everyday, complex tasks · $4/$20 per Mtok' },
  { value: 'sonnet', resolvedModel: 'claude-sonnet-5-5', displayName: 'Sonnet', description: 'Sonnet 5.5 · Efficient for routine tasks · $2/$10 per Mtok' },
];

describe('modelDisplayName', () => {
  it('names a model id (as init reports it) by its entry, with the version from the description', () => {
    expect(modelDisplayName('claude-opus-5-5', models)).toBe('Opus 5.5');
    expect(modelDisplayName('claude-sonnet-5-5', models)).toBe('Sonnet 5.5');
  });

  it('names aliases, and "default" by the model it stands for', () => {
    expect(modelDisplayName('sonnet', models)).toBe('Sonnet 5.5');
    expect(modelDisplayName('default', models)).toBe('Opus 5.5');
  });

  it('shows an id the list does not know as it is, and nothing for no model', () => {
    expect(modelDisplayName('claude-future-9', models)).toBe('claude-future-9');
    expect(modelDisplayName(undefined, models)).toBeUndefined();
    expect(modelDisplayName('opus', undefined)).toBe('opus');
  });

  it('matches an id to an entry by its versioned name when the list carries no ids', () => {
    const bare = models.map(({ resolvedModel: _r, ...m }) => m);
    expect(modelDisplayName('claude-opus-5-5', bare)).toBe('Opus 5.5');
    expect(modelDisplayName('claude-haiku-9', bare)).toBe('claude-haiku-9');
  });

  it('falls back to the display name when the description is not a name', () => {
    expect(modelDisplayName('x', [{ value: 'x', displayName: 'Custom', description: 'A model for tests' }])).toBe('Custom');
  });
});
