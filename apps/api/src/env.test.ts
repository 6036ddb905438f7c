import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { configErrorOf } from './test/env-config';

const SECRET = 'k'.repeat(32);

describe('loadEnv', () => {
  it('takes a read replica only beside a PostgreSQL primary, with a bounded lag', () => {
    expect(configErrorOf({ DATABASE_REPLICA_URL: 'postgres://standby/freightlane' }).message).toContain(
      'DATABASE_REPLICA_URL: needs DATABASE_URL',
    );
    expect(configErrorOf({ DATABASE_REPLICA_URL: 'mysql://standby' }).message).toContain(
      'DATABASE_REPLICA_URL: must start with postgres://',
    );
    expect(configErrorOf({ DATABASE_REPLICA_MAX_LAG_MS: '50' }).message).toContain(
      'DATABASE_REPLICA_MAX_LAG_MS',
    );
    const env = loadEnv({
      DATABASE_URL: 'postgres://primary/freightlane',
      DATABASE_REPLICA_URL: 'postgres://standby/freightlane',
    });
    expect(env.DATABASE_REPLICA_MAX_LAG_MS).toBe(5_000);
  });

  it('fills in the defaults for an empty environment', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '.data',
      DATABASE_POOL_SIZE: 10,
      DATABASE_PARALLEL_WORKERS: 0,
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_SECONDS: 2_592_000,
      MAIL_FROM: 'Freightlane <no-reply@freightlane.ng>',
      TRUST_PROXY: false,
      RATE_LIMIT_ENABLED: true,
      JOBS_POLL_MS: 1000,
      LOG_LEVEL: 'info',
      appUrl: 'http://localhost:3000',
      seedDemo: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBeUndefined();
  });

  it('keeps uploads in DATA_DIR/uploads unless UPLOAD_DIR names a folder, resolved to an absolute path', () => {
    expect(loadEnv({ DATA_DIR: '/srv/fl' }).uploadDir).toBe(path.resolve('/srv/fl/uploads'));
    expect(loadEnv({ DATA_DIR: '/srv/fl', UPLOAD_DIR: '/mnt/shared/uploads' }).uploadDir).toBe(
      path.resolve('/mnt/shared/uploads'),
    );
    expect(loadEnv({ UPLOAD_DIR: 'shared' }).uploadDir).toBe(path.resolve(process.cwd(), 'shared'));
    expect(loadEnv({}).s3).toBeNull();
  });

  describe('S3 storage', () => {
    const S3 = {
      S3_REGION: 'af-south-1',
      S3_BUCKET: 'freightlane-uploads',
      S3_ACCESS_KEY_ID: 'AKIAFREIGHTLANE00001',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    };

    it("reads the bucket's settings, AWS's own endpoint and virtual-hosted addresses by default", () => {
      expect(loadEnv(S3).s3).toEqual({
        endpoint: null,
        region: 'af-south-1',
        bucket: 'freightlane-uploads',
        accessKeyId: 'AKIAFREIGHTLANE00001',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        forcePathStyle: false,
      });
      expect(
        loadEnv({ ...S3, S3_ENDPOINT: 'http://minio.internal:9000', S3_FORCE_PATH_STYLE: 'true' }).s3,
      ).toMatchObject({ endpoint: 'http://minio.internal:9000', forcePathStyle: true });
    });

    it('takes all four required variables or none, naming each one missing', () => {
      const { message } = configErrorOf({ S3_BUCKET: 'freightlane-uploads', S3_REGION: 'auto' });
      expect(message.split('\n')).toEqual([
        'Invalid configuration:',
        '  S3_ACCESS_KEY_ID: is required for S3 storage (set S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, or none of them)',
        '  S3_SECRET_ACCESS_KEY: is required for S3 storage (set S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, or none of them)',
      ]);
      // An endpoint alone is half a configuration too, not a reason to keep files in a folder.
      expect(configErrorOf({ S3_ENDPOINT: 'https://r2.example.com' }).message).toContain(
        'S3_REGION: is required for S3 storage',
      );
      expect(configErrorOf({ S3_FORCE_PATH_STYLE: 'true' }).message).toContain('S3_BUCKET: is required');
    });

    it('refuses UPLOAD_DIR beside S3 storage, which would leave it unused', () => {
      expect(configErrorOf({ ...S3, UPLOAD_DIR: '/mnt/uploads' }).message).toBe(
        'Invalid configuration:\n  UPLOAD_DIR: not used with S3 storage; set UPLOAD_DIR or the S3_ variables, not both',
      );
    });

    it('says what is wrong with a malformed value, never echoing the secret', () => {
      const { message } = configErrorOf({
        ...S3,
        S3_ENDPOINT: 'ftp://files.example.com',
        S3_BUCKET: 'Freightlane_Uploads',
        S3_SECRET_ACCESS_KEY: 'has a space in it',
        S3_FORCE_PATH_STYLE: 'yes',
      });
      expect(message.split('\n')).toEqual([
        'Invalid configuration:',
        '  S3_ENDPOINT: must be an http(s) URL such as https://minio.internal:9000',
        '  S3_BUCKET: must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
        '  S3_SECRET_ACCESS_KEY: must be a secret access key (8 or more printable characters, no spaces)',
        '  S3_FORCE_PATH_STYLE: must be true or false',
      ]);
      expect(message).not.toContain('has a space');
    });
  });

  it('resolves DATA_DIR to an absolute path', () => {
    const env = loadEnv({ DATA_DIR: 'var/freightlane' });
    expect(path.isAbsolute(env.dataDir)).toBe(true);
    expect(env.dataDir).toBe(path.resolve(process.cwd(), 'var/freightlane'));
    expect(loadEnv({}).dataDir).toBe(path.resolve(process.cwd(), '.data'));
    expect(loadEnv({ DATA_DIR: '/srv/fl' }).dataDir).toBe(path.resolve('/srv/fl'));
  });

  it('reads numbers and flags from their text', () => {
    const env = loadEnv({ PORT: '8080', TRUST_PROXY: '1', RATE_LIMIT_ENABLED: 'false', JOBS_POLL_MS: '250' });
    expect(env).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: true,
      RATE_LIMIT_ENABLED: false,
      JOBS_POLL_MS: 250,
      appUrl: 'http://localhost:8080',
    });
  });

  it('runs the embedded database on its own thread unless PGLITE_THREAD turns it off', () => {
    expect(loadEnv({}).PGLITE_THREAD).toBe(true);
    expect(loadEnv({ PGLITE_THREAD: 'true' }).PGLITE_THREAD).toBe(true);
    expect(loadEnv({ PGLITE_THREAD: '0' }).PGLITE_THREAD).toBe(false);
    expect(configErrorOf({ PGLITE_THREAD: 'yes' }).message).toContain('PGLITE_THREAD: must be true or false');
  });

  it('treats empty values as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.seedDemo).toBe(true);
  });

  it('seeds the demo data on the embedded database only, unless SEED_DEMO says otherwise', () => {
    expect(loadEnv({}).seedDemo).toBe(true);
    expect(loadEnv({ DATABASE_URL: 'postgres://db.internal/freightlane' }).seedDemo).toBe(false);
    expect(loadEnv({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadEnv({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadEnv({ DATABASE_URL: 'postgresql://db.internal/fl', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('removes a trailing slash from APP_URL', () => {
    expect(loadEnv({ APP_URL: 'https://freightlane.ng/' }).appUrl).toBe('https://freightlane.ng');
    expect(loadEnv({ APP_URL: 'https://freightlane.ng/app/' }).appUrl).toBe('https://freightlane.ng/app');
    expect(loadEnv({ APP_URL: 'https://freightlane.ng' }).appUrl).toBe('https://freightlane.ng');
  });

  it.each([['abc'], ['0'], ['65536'], ['80.5']])('refuses PORT=%s naming PORT', (PORT) => {
    const err = configErrorOf({ PORT });
    expect(err.message).toMatch(/^Invalid configuration:\n {2}PORT: /);
  });

  it('says what is wrong with a non-numeric PORT', () => {
    expect(configErrorOf({ PORT: 'abc' }).message).toBe(
      'Invalid configuration:\n  PORT: must be a port number',
    );
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(configErrorOf({ DATABASE_URL: 'mysql://x' }).message).toBe(
      'Invalid configuration:\n  DATABASE_URL: must start with postgres:// or postgresql://',
    );
  });

  it('requires JWT_SECRET in production', () => {
    const err = configErrorOf({ NODE_ENV: 'production', APP_URL: 'https://freightlane.ng' });
    expect(err.message).toContain('JWT_SECRET');
    expect(err.message).toMatch(/JWT_SECRET: is required in production/);
  });

  it('requires APP_URL in production', () => {
    const err = configErrorOf({ NODE_ENV: 'production', JWT_SECRET: SECRET });
    expect(err.message).toMatch(/APP_URL: is required in production/);
    expect(err.message).not.toContain('JWT_SECRET');
  });

  it('requires TRACKING_SECRET_KEY in production on PostgreSQL, where instances must share it', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      APP_URL: 'https://freightlane.ng',
      DATABASE_URL: 'postgres://db.internal/freightlane',
    };
    expect(configErrorOf(production).message).toMatch(/TRACKING_SECRET_KEY: is required in production/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadEnv({ ...production, TRACKING_SECRET_KEY: key }).TRACKING_SECRET_KEY).toBe(key);
    expect(configErrorOf({ TRACKING_SECRET_KEY: 'c2hvcnQ' }).message).toContain(
      'TRACKING_SECRET_KEY: must be 32 random bytes in base64',
    );
  });

  it('starts in production with a secret and an address', () => {
    const env = loadEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET, APP_URL: 'https://freightlane.ng/' });
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      appUrl: 'https://freightlane.ng',
    });
  });

  it('refuses a JWT_SECRET shorter than 32 characters, in any mode', () => {
    expect(configErrorOf({ JWT_SECRET: 'k'.repeat(31) }).message).toBe(
      'Invalid configuration:\n  JWT_SECRET: must be at least 32 characters',
    );
    expect(
      configErrorOf({ NODE_ENV: 'production', APP_URL: 'https://freightlane.ng', JWT_SECRET: 'short' })
        .message,
    ).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(configErrorOf({ SMTP_URL: 'http://x' }).message).toBe(
      'Invalid configuration:\n  SMTP_URL: must start with smtp:// or smtps://',
    );
    expect(loadEnv({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:pass@mail.example.com:465',
    );
  });

  it('refuses an APP_URL that is not absolute', () => {
    expect(configErrorOf({ APP_URL: 'freightlane.ng' }).message).toMatch(
      /^Invalid configuration:\n {2}APP_URL: /,
    );
  });

  it('refuses an unknown NODE_ENV and a bad flag', () => {
    expect(configErrorOf({ NODE_ENV: 'staging' }).message).toContain(
      'NODE_ENV: must be development, production or test',
    );
    expect(configErrorOf({ SEED_DEMO: 'yes' }).message).toContain('SEED_DEMO: must be true or false');
  });

  it('names every bad variable at once, one per line', () => {
    const lines = configErrorOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://x',
    }).message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'SMTP_URL']);
  });
});
