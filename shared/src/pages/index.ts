export * from './navigation';
export * from './page';
export * from './routes';
export * from './server-state';
export * from './shared-parts';
