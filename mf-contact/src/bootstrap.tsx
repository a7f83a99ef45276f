import { mountStandalone } from '@blog/shared/standalone';
import Contact from './exposes/Contact';

mountStandalone('mf_contact', { Contact });
