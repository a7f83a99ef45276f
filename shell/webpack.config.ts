import { federatedApp } from '@blog/webpack-config';

export default federatedApp({
  name: 'shell',
  dirname: __dirname,
  title: 'Defense Analysis',
  remotes: ['mf_articles', 'mf_newsletter', 'mf_contact', 'mf_pages'],
  // The render server loads it at run time, from the shell's build it serves; browsers load none of it.
  serverExposes: { './server': './src/exposes/server.ts' },
});
