import { mountStandalone } from '@blog/shared/standalone';
import Articles from './exposes/Articles';
import Home from './exposes/Home';

mountStandalone('Articles', [
  { path: '/Home', label: 'Home', element: <Home /> },
  { path: '/Articles', label: 'Articles', element: <Articles /> },
]);
