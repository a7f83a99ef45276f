import { federatedApp } from '@blog/webpack-config';

export default federatedApp({
  name: 'mf_newsletter',
  dirname: __dirname,
  title: 'Newsletter section',
  exposes: { './Newsletter': './src/exposes/Newsletter.tsx' },
  remotes: ['mf_articles'],
});
