export { loadRemoteModule, peekRemoteModule, pinRemotes, type RemoteManifests, type RemoteModuleId } from './remotes';
export { RemoteSection, type RemoteSectionProps } from './RemoteSection';
export { SectionLoaderContext, browserSectionLoader, type SectionLoader, type SectionModule } from './loader';
