// "10:42" in the person's locale. One formatter, made once: toLocaleTimeString builds a new one
// on every call, and the very first one loads the locale data (tens of milliseconds), which
// should happen while the window is idle rather than when a long tab first opens.
let formatter: Intl.DateTimeFormat | undefined;

export function clockTime(epochMs: number): string {
  formatter ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  return formatter.format(epochMs);
}
