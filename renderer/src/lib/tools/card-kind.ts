// Which kind of card a tool call gets, by the tool's name: on its own (no result readers, no
// diff), since the transcript's row height guesses need it on the first screen.

export type CardKind = 'bash' | 'edit' | 'write' | 'read' | 'search' | 'todo' | 'agent' | 'fetch' | 'websearch' | 'question' | 'generic';

export function cardKind(name: string): CardKind {
  switch (name) {
    case 'Bash':
    case 'BashOutput':
    case 'PowerShell':
      return 'bash';
    case 'Edit':
    case 'MultiEdit':
      return 'edit';
    case 'Write':
      return 'write';
    case 'Read':
    case 'NotebookRead':
      return 'read';
    case 'Grep':
    case 'Glob':
      return 'search';
    case 'TodoWrite':
      return 'todo';
    case 'Agent':
    case 'Task':
      return 'agent';
    case 'WebFetch':
      return 'fetch';
    case 'WebSearch':
      return 'websearch';
    case 'AskUserQuestion':
      return 'question';
    default:
      return 'generic';
  }
}
