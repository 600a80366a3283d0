// The window's light or dark look as it is now: the theme setting (data-theme on the root
// element), else the system's preference. An app is told it, and told again when it changes.
import { useEffect, useState } from 'react';
import { useClide } from '../../store/store';

export function usePageTheme(): 'light' | 'dark' {
  const setting = useClide((s) => s.settings?.theme ?? 'system');
  const [systemDark, setSystemDark] = useState(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const change = () => setSystemDark(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  if (setting === 'light' || setting === 'dark') return setting;
  return systemDark ? 'dark' : 'light';
}
