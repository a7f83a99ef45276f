import { mountStandalone } from '@blog/shared/standalone';
import Contact from './exposes/Contact';

mountStandalone('Contact', [{ path: '/Contact', label: 'Contact', element: <Contact /> }]);
