import { mountStandalone } from '@blog/shared/standalone';
import Newsletter from './exposes/Newsletter';

mountStandalone('Newsletter', [{ path: '/New-letter', label: 'Newsletter', element: <Newsletter /> }]);
