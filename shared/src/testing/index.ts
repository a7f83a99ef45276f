export * from './entries';
