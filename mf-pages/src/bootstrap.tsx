import { mountStandalone } from '@blog/shared/standalone';
import About from './exposes/About';
import StartHere from './exposes/StartHere';

mountStandalone('Pages', [
  { path: '/About', label: 'About', element: <About /> },
  { path: '/New-start-here', label: 'Start here', element: <StartHere /> },
]);
