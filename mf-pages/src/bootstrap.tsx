import { mountStandalone } from '@blog/shared/standalone';
import About from './exposes/About';
import StartHere from './exposes/StartHere';

mountStandalone('mf_pages', { About, StartHere });
