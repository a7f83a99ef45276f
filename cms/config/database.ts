import path from 'path';
import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client !== 'sqlite') {
    throw new Error(`DATABASE_CLIENT=${client}: only the embedded sqlite client is installed with this project.`);
  }
  return {
    connection: {
      client,
      connection: {
        // Relative names resolve from the cms folder (this file runs from cms/dist/config).
        filename: path.resolve(__dirname, '..', '..', env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
      acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
    },
  };
};

export default config;
