import { federatedApp } from '@blog/webpack-config';

export default federatedApp({
  name: 'mf_pages',
  dirname: __dirname,
  title: 'Pages section',
  exposes: {
    './About': './src/exposes/About.tsx',
    './StartHere': './src/exposes/StartHere.tsx',
  },
});
