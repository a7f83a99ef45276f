import { federatedApp } from '@blog/webpack-config';

export default federatedApp({
  name: 'mf_contact',
  dirname: __dirname,
  title: 'Contact section',
  exposes: { './Contact': './src/exposes/Contact.tsx' },
});
