import { federatedApp } from '@blog/webpack-config';

export default federatedApp({
  name: 'shell',
  dirname: __dirname,
  title: 'Defense Analysis',
  remotes: ['mf_articles', 'mf_newsletter', 'mf_contact', 'mf_pages'],
});
