// The theme setting overrides the system's light/dark preference: `data-theme` on the root
// element sets its color-scheme, which picks a side of every light-dark() colour
// (styles/theme.css); without it the system decides.
import { useEffect } from 'react';
import { useClide } from '../../store/store';

export function useTheme(): void {
  const theme = useClide((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
