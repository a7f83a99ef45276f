import { mountStandalone } from '@blog/shared/standalone';
import Articles from './exposes/Articles';
import Home from './exposes/Home';

mountStandalone('mf_articles', { Home, Articles });
