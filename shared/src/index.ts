export * from './types';
export * from './config';
export * from './messages';
export * from './client';
export * from './coordinates';
export * from './tiles';
export * from './newsletter';
export * from './dates';
export * from './share';
export * from './votes';
export * from './phone';
export * from './markup/Markup';
// The markup functions the sections use, so that they keep one package to import from.
export { describeText, firstLines } from '@blog/markup';
export * from './theme';

export * from './social';
export * from './snippet';
export * from './images';
export * from './SignUpBox';
export * from './NetworkIcon';
export * from './queries';
export * from './pages';
export * from './ui';
