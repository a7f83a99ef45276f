export { StartHerePage } from './StartHerePage';
export { startHerePage } from './page';
