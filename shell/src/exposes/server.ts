import type { ShellServerEntry } from '@blog/shared';
import { Root } from '../Root';
import { loadFooter } from '../components/Footer';

// What the render server takes of the shell to render a page, from the shell's server build
// (`dist/server/remoteEntry.js`, loaded at run time): its root (navigation, routes, footer, theme)
// and the footer's reads. The state it hands the browser is `@blog/shared`'s, known to both.
export default { Root, loadFooter } satisfies ShellServerEntry;
