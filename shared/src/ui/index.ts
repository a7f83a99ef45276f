export * from './Photo';
export * from './Prose';
export * from './SocialLinks';
