import { formats, winston } from '@strapi/logger';
import { logFormat } from '../src/lib/log-format';

// JSON lines carry each request's fields (README, "The CMS's logs"); an error's stack is its
// `stack` field rather than lines of its own.
const json = winston.format.combine(
  winston.format.errors({ stack: true }),
  winston.format.timestamp(),
  winston.format.json(),
);

export default {
  level: 'http',
  format: logFormat(process.env) === 'json' ? json : formats.prettyPrint(),
  transports: [new winston.transports.Console()],
};
