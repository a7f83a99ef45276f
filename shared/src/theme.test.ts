/** @jest-environment jsdom */
import { USER_INFO_KEY, applyTheme, readDarkMode, saveDarkMode } from './theme';

describe('dark mode preference', () => {
  beforeEach(() => localStorage.clear());

  it('is light by default', () => {
    expect(readDarkMode(localStorage)).toBe(false);
  });

  it('is saved under the user info key and read back', () => {
    saveDarkMode(localStorage, true);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) as string)).toEqual({ darkMode: true });
    expect(readDarkMode(localStorage)).toBe(true);
    saveDarkMode(localStorage, false);
    expect(readDarkMode(localStorage)).toBe(false);
  });

  it('keeps the other user info it finds', () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ name: 'Ana' }));
    saveDarkMode(localStorage, true);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) as string)).toEqual({ name: 'Ana', darkMode: true });
  });

  it('reads a corrupt or foreign value as light', () => {
    for (const stored of ['not json', '[true]', 'null', '{"darkMode":"yes"}']) {
      localStorage.setItem(USER_INFO_KEY, stored);
      expect(readDarkMode(localStorage)).toBe(false);
    }
  });

  it('marks the document with the theme', () => {
    applyTheme(document.documentElement, true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    applyTheme(document.documentElement, false);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
