// What the render server takes of the shell to render a page: its root (navigation, routes,
// footer, theme), the footer's reads, and the state it hands the browser.
export { Root } from '../Root';
export { loadFooter } from '../components/Footer';
export { SERVER_STATE_ID, serializeState, type ServerState } from '../state';
