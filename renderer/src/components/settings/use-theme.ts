// The theme setting overrides the system's light/dark preference: `data-theme` on the root
// element selects the palette (styles/theme-override.css); without it the system decides.
import { useEffect } from 'react';
import { useClide } from '../../store/store';
import '../../styles/theme-override.css';

export function useTheme(): void {
  const theme = useClide((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
