import { winston } from '@strapi/logger';
import { logFormat, winstonFormat } from '../src/lib/log-format';

export default {
  level: 'http',
  format: winstonFormat(logFormat(process.env)),
  transports: [new winston.transports.Console()],
};
