import { applyTheme, readDarkMode, saveDarkMode } from '@blog/shared';
import { useEffect, useState } from 'react';
import { MoonIcon, SunIcon } from './icons';

/** The sun or moon of spec §2: flips dark mode and remembers it (the page already applied it before painting). */
export function ThemeToggle() {
  const [darkMode, setDarkMode] = useState(() => readDarkMode(localStorage));

  useEffect(() => applyTheme(document.documentElement, darkMode), [darkMode]);

  const toggle = () => {
    saveDarkMode(localStorage, !darkMode);
    setDarkMode(!darkMode);
  };

  return (
    <button
      type="button"
      className="round-button"
      onClick={toggle}
      aria-label={darkMode ? 'Switch to light mode' : 'Switch to dark mode'}
      title={darkMode ? 'Light mode' : 'Dark mode'}
    >
      {darkMode ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
