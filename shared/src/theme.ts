/** The local-storage key of the visitor's preferences (spec §3, "User preference"). */
export const USER_INFO_KEY = 'userInfo';

export type Theme = 'light' | 'dark';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function readUserInfo(storage: Storage): Record<string, unknown> {
  try {
    const info: unknown = JSON.parse(storage.getItem(USER_INFO_KEY) ?? '{}');
    return typeof info === 'object' && info !== null && !Array.isArray(info) ? (info as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Light unless the visitor chose dark. */
export function readDarkMode(storage: Storage): boolean {
  return readUserInfo(storage).darkMode === true;
}

/** Saves the choice beside whatever else the user info holds. */
export function saveDarkMode(storage: Storage, darkMode: boolean): void {
  storage.setItem(USER_INFO_KEY, JSON.stringify({ ...readUserInfo(storage), darkMode }));
}

export function applyTheme(root: HTMLElement, darkMode: boolean): void {
  root.dataset.theme = darkMode ? 'dark' : 'light';
}
