import { federatedApp } from '@blog/webpack-config';

export default federatedApp({
  name: 'mf_articles',
  dirname: __dirname,
  title: 'Articles section',
  exposes: {
    './Home': './src/exposes/Home.tsx',
    './Articles': './src/exposes/Articles.tsx',
    './ArticleDetail': './src/exposes/ArticleDetail.tsx',
  },
});
