export * from './navigation';
export * from './page';
export * from './routes';
