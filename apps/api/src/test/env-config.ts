import { expect } from 'vitest';
import { ConfigError, loadEnv } from '../env';

/** The least a production configuration needs, for tests of what production refuses. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'k'.repeat(32),
  APP_URL: 'https://freightlane.ng',
};

/** The ConfigError loadEnv throws for `source`; fails the test when it does not throw one. */
export function configErrorOf(source: Record<string, string>): ConfigError {
  try {
    loadEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}
