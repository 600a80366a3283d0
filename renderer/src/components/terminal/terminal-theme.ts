// xterm.js colours from the app's theme (styles/theme.css): the variables are light-dark()
// pairs, so each is resolved by the browser on a probe element, and read again when the theme
// or the system's scheme changes. The 16 ANSI colours are chosen per scheme so that programs'
// coloured output stays readable on the light and the dark background.
import type { ITheme } from '@xterm/xterm';

const LIGHT_ANSI = {
  black: '#1e1e1c',
  red: '#b3261e',
  green: '#1c7c3a',
  yellow: '#8a5d00',
  blue: '#1a62d6',
  magenta: '#a23b9c',
  cyan: '#0f7482',
  white: '#5f5e58',
  brightBlack: '#6b6a63',
  brightRed: '#c0302a',
  brightGreen: '#227f41',
  brightYellow: '#7a5300',
  brightBlue: '#2f6fec',
  brightMagenta: '#8f2f8a',
  brightCyan: '#0b6672',
  brightWhite: '#3a3a36',
};

const DARK_ANSI = {
  black: '#3a3a36',
  red: '#f27a73',
  green: '#6cc784',
  yellow: '#e6b84a',
  blue: '#78aefc',
  magenta: '#d792d2',
  cyan: '#6ccad6',
  white: '#ecebe5',
  brightBlack: '#9a9990',
  brightRed: '#ff9b94',
  brightGreen: '#8edba2',
  brightYellow: '#f2cc72',
  brightBlue: '#9cc4ff',
  brightMagenta: '#e6afe2',
  brightCyan: '#92dde6',
  brightWhite: '#ffffff',
};

function resolve(probe: HTMLElement, variable: string): string {
  probe.style.color = `var(${variable})`;
  return getComputedStyle(probe).color;
}

function isDark(rgb: string): boolean {
  const [r = 255, g = 255, b = 255] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}

export function terminalTheme(host: HTMLElement): ITheme {
  const probe = document.createElement('span');
  probe.hidden = true;
  host.appendChild(probe);
  try {
    const background = resolve(probe, '--bg');
    const dark = isDark(background);
    return {
      background,
      foreground: resolve(probe, '--text'),
      cursor: resolve(probe, '--accent'),
      cursorAccent: background,
      selectionBackground: dark ? 'rgba(120, 174, 252, 0.35)' : 'rgba(47, 111, 236, 0.25)',
      ...(dark ? DARK_ANSI : LIGHT_ANSI),
    };
  } finally {
    probe.remove();
  }
}

/** Call `changed` when the theme setting or the system's scheme changes; returns the stop. */
export function watchTheme(changed: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', changed);
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style', 'class'] });
  return () => {
    media.removeEventListener('change', changed);
    observer.disconnect();
  };
}
