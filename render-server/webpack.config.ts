import { renderServer } from '@blog/webpack-config';

export default renderServer({ dirname: __dirname, entry: './src/index.ts' });
