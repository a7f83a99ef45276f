export { loadRemoteModule, type RemoteManifests, type RemoteModuleId } from './remotes';
export { RemoteSection, type RemoteSectionProps } from './RemoteSection';
