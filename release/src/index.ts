// What the render server takes of releases: what is deployed and live, the registry in Redis, and
// the render servers of other builds (previews of builds, canaries; the check runs one too).
export * from './releases';
export * from './redis-registry';
export * from './child-render-servers';
export * from './shell-folder';
