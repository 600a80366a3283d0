// The <task-notification> the CLI injects as user text when a background command or agent
// finishes: read once here for the main process (its context card's title) and the renderer
// (its body), so both take the same fields from the same tags.

export interface TaskNotification {
  status?: string;
  summary?: string;
  result?: string;
  outputFile?: string;
}

export function parseTaskNotification(text: string): TaskNotification | undefined {
  if (!text.trimStart().startsWith('<task-notification>')) return undefined;
  const tag = (name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1]?.trim() || undefined;
  return { status: tag('status'), summary: tag('summary'), result: tag('result'), outputFile: tag('output-file') };
}
