import { mountStandalone } from '@blog/shared/standalone';
import Newsletter from './exposes/Newsletter';

mountStandalone('mf_newsletter', { Newsletter });
