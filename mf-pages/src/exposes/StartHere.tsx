export { StartHerePage as default, startHerePage as page } from '../start-here';
