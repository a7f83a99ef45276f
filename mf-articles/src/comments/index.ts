export { Comments } from './Comments';
