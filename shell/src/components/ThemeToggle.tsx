import { applyTheme, readDarkMode, saveDarkMode } from '@blog/shared';
import { useEffect, useState } from 'react';
import { MoonIcon, SunIcon } from './icons';

/**
 * The sun or moon of spec §2: flips dark mode and remembers it. The page applied the saved theme
 * before painting; the server cannot know it, so both icons are rendered and the page's theme
 * shows one (no flash), and the button's name follows once the browser has read the setting.
 */
export function ThemeToggle() {
  const [darkMode, setDarkMode] = useState(false);
  useEffect(() => setDarkMode(readDarkMode(localStorage)), []);

  const toggle = () => {
    saveDarkMode(localStorage, !darkMode);
    applyTheme(document.documentElement, !darkMode);
    setDarkMode(!darkMode);
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
