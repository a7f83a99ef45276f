// Development defaults so a fresh clone starts with no setup. Production must bring its own:
// starting with any of these values under NODE_ENV=production is refused.
export const DEVELOPMENT_SECRETS = {
  APP_KEYS: 'dev-app-key-1,dev-app-key-2',
  API_TOKEN_SALT: 'dev-api-token-salt',
  ADMIN_JWT_SECRET: 'dev-admin-jwt-secret',
  TRANSFER_TOKEN_SALT: 'dev-transfer-token-salt',
  JWT_SECRET: 'dev-jwt-secret',
  ENCRYPTION_KEY: 'dev-encryption-key',
} as const;

export type SecretName = keyof typeof DEVELOPMENT_SECRETS;

export function secret(name: SecretName, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name] || DEVELOPMENT_SECRETS[name];
  if (env.NODE_ENV === 'production' && value === DEVELOPMENT_SECRETS[name]) {
    throw new Error(
      `${name} must be set to a secret of your own in production (see docs/reference/configuration-cms.md).`,
    );
  }
  return value;
}
