// Which of clide's environment variables reach a remote claude. None unless named: the host has
// its own login and settings (as `ssh host claude` would), and a local API key is not sent to
// another machine by default. CLIDE_REMOTE_ENV names the ones to send, e.g.
// "ANTHROPIC_BASE_URL,ANTHROPIC_API_KEY". Their values go on the channel's stdin (the launch
// line), never on a command line, so other users of either machine cannot read them with ps.
export function remoteNames(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(/[\s,]+/)
    .map((n) => n.trim())
    .filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
}
