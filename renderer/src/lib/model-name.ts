// The model's name as people know it ("Opus 5.5"), from the list the CLI gives in `initialize`.
// The CLI reports the running model by id ("claude-opus-5-5"); the list names entries by alias
// ("opus") with the id they stand for now (`resolvedModel`) and a description that starts with
// the versioned name ("Opus 5.5 · Best for everyday, complex tasks · $4/$20 per Mtok").

export interface ModelEntry {
  value: string;
  displayName: string;
  description?: string;
  resolvedModel?: string;
}

function labelOf(entry: ModelEntry): string {
  const first = entry.description?.split(' · ')[0]?.trim();
  // "Opus 5.5" is more precise than "Opus"; a description that is a sentence is not a name.
  if (first && first.length <= 40 && first.toLowerCase().startsWith(entry.displayName.toLowerCase())) return first;
  return entry.displayName;
}

/** The display name of `model` (an alias or an id); the id itself when the list does not know it. */
export function modelDisplayName(model: string | undefined, models: readonly ModelEntry[] | undefined): string | undefined {
  if (!model) return undefined;
  const list = models ?? [];
  const named = list.find((m) => m.value === model);
  // "default" (or any alias) stands for a concrete model: name that one when the list has it.
  const target = named?.resolvedModel ?? model;
  const concrete = list.find((m) => m.value !== 'default' && m.value !== named?.value && m.resolvedModel === target) ?? list.find((m) => m.value === target);
  if (concrete) return labelOf(concrete);
  if (named) return labelOf(named);
  // A list without ids: "claude-opus-5-5" still reads as the entry named "Opus 5.5".
  const key = words(model.replace(/^claude-/, ''));
  const byName = list.find((m) => m.value !== 'default' && words(labelOf(m)) === key);
  return byName ? labelOf(byName) : model;
}

function words(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
