/** Routed by the shell at / and /Home. */
export { HomePage as default } from '../components/HomePage';
