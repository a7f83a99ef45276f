import { applyTheme, readDarkMode, saveDarkMode } from '@blog/shared';
import { useSyncExternalStore } from 'react';
import { MoonIcon, SunIcon } from './icons';

// The toggle re-reads the saved setting when it changes it.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The sun or moon of spec §2: flips dark mode and remembers it. The page applied the saved theme
 * before painting; the server cannot know it, so both icons are rendered and the page's theme
 * shows one (no flash), and the button's name follows once the browser has read the setting.
 */
export function ThemeToggle() {
  const darkMode = useSyncExternalStore(
    subscribe,
    () => readDarkMode(localStorage),
    () => false,
  );

  const toggle = () => {
    saveDarkMode(localStorage, !darkMode);
    applyTheme(document.documentElement, !darkMode);
    listeners.forEach((listener) => listener());
  };

  return (
    <button
      type="button"
      className="round-button theme-toggle"
      onClick={toggle}
      aria-label={darkMode ? 'Switch to light mode' : 'Switch to dark mode'}
      title={darkMode ? 'Light mode' : 'Dark mode'}
    >
      <SunIcon />
      <MoonIcon />
    </button>
  );
}
