// Shared with the shell's unit tests of the release registry in Redis.
export { startRedis, type RedisServer } from '@blog/shared/testing/redis';
