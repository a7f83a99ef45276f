export * from './Photo';
export * from './Prose';
export * from './SocialLinks';
export * from './HydrateWhenWanted';
export * from './nearViewport';
