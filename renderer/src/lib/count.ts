// "51,996": thousands separated without Intl. The first toLocaleString call in a page sets up
// ICU number formatting, which costs tens of milliseconds: more than a whole frame, paid by
// whichever card first shows a count (a 4 MB result's "… 51,996 more lines").
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const [int, frac] = String(Math.abs(n)).split('.');
  const grouped = (int ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`;
}
