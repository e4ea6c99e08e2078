import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('defaults REDIS_KEY_PREFIX to "resolved" and takes another deployment’s prefix', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('resolved');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'school-a:prod' }).redisKeyPrefix).toBe('school-a:prod');
  });

  it('stops with a clear message on a prefix Redis channels should not carry', () => {
    for (const bad of ['', 'has space', 'x'.repeat(65), 'star*']) {
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad })).toThrow(
        /Invalid configuration: .*REDIS_KEY_PREFIX may hold letters, digits, \. : _ and - \(at most 64\)\./,
      );
    }
  });
});

describe('where files are kept (S3_URL)', () => {
  it('keeps them in the database unless S3_URL is set', () => {
    expect(loadConfig({}).blobStore).toEqual({ kind: 'database' });
    expect(loadConfig({ S3_URL: ' ' }).blobStore).toEqual({ kind: 'database' });
  });

  it('reads an S3-compatible server (path-style) and AWS (virtual-hosted), with an optional key prefix', () => {
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ S3_URL: 'http://127.0.0.1:9000/resolved-files', ...keys }).blobStore).toEqual({
      kind: 's3',
      bucket: 'resolved-files',
      prefix: '',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ S3_URL: 's3://school-media/resolved/prod/', S3_REGION: 'eu-west-1' }).blobStore).toEqual({
      kind: 's3',
      bucket: 'school-media',
      prefix: 'resolved/prod/',
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('stops with a clear message on an address it cannot use', () => {
    for (const bad of ['bucket', 'ftp://host/bucket', 'http://host:9000', 's3://Bad_Bucket', 'http://h/b/../x']) {
      expect(() => loadConfig({ S3_URL: bad })).toThrow(/Invalid configuration: S3_URL must be s3:\/\/bucket/);
    }
    expect(() => loadConfig({ S3_URL: 'http://id:secret@host/bucket' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'id' })).toThrow(/both S3_ACCESS_KEY_ID/);
  });
});

describe('recording size (RECORDING_MAX_MB)', () => {
  it('defaults to 1024 MB and stays within what the size column holds', () => {
    expect(loadConfig({}).recordingMaxBytes).toBe(1024 * 1024 * 1024);
    expect(loadConfig({ RECORDING_MAX_MB: '200' }).recordingMaxBytes).toBe(200 * 1024 * 1024);
    expect(() => loadConfig({ RECORDING_MAX_MB: '4096' })).toThrow(/RECORDING_MAX_MB/);
    expect(() => loadConfig({ RECORDING_MAX_MB: '0' })).toThrow(/RECORDING_MAX_MB/);
  });
});

describe('TURN and the ICE transport policy (TURN_URLS, TURN_SECRET, TURN_TTL_SECONDS, ICE_TRANSPORT_POLICY)', () => {
  it('has no TURN server and lets media go directly unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.turn).toBeUndefined();
    expect(config.iceTransportPolicy).toBe('all');
  });

  it('reads comma-separated turn: and turns: URLs, the secret and a lifetime of an hour unless set', () => {
    const urls = 'turn:turn.example.org:3478, turn:turn.example.org:3478?transport=tcp,turns:turn.example.org:443';
    expect(loadConfig({ TURN_URLS: urls, TURN_SECRET: 's3cret' }).turn).toEqual({
      urls: ['turn:turn.example.org:3478', 'turn:turn.example.org:3478?transport=tcp', 'turns:turn.example.org:443'],
      secret: 's3cret',
      ttlSeconds: 3600,
    });
    const short = loadConfig({ TURN_URLS: 'turn:10.0.0.5', TURN_SECRET: 'x', TURN_TTL_SECONDS: '600' });
    expect(short.turn?.ttlSeconds).toBe(600);
    expect(loadConfig({ ICE_TRANSPORT_POLICY: 'relay' }).iceTransportPolicy).toBe('relay');
  });

  it('stops with a clear message on half a TURN setting, a URL that is not TURN, or an unknown policy', () => {
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.org' })).toThrow(
      'Invalid configuration: set both TURN_URLS and TURN_SECRET, or neither.',
    );
    expect(() => loadConfig({ TURN_SECRET: 's3cret' })).toThrow(/set both TURN_URLS and TURN_SECRET/);
    for (const bad of ['stun:stun.example.org', 'https://turn.example.org', 'turn:', 'turn:host?transport=sctp']) {
      expect(() => loadConfig({ TURN_URLS: bad, TURN_SECRET: 'x' })).toThrow(
        `Invalid configuration: TURN_URLS must be comma-separated turn: or turns: URLs such as turn:turn.example.org:3478?transport=tcp (got "${bad}").`,
      );
    }
    expect(() => loadConfig({ TURN_URLS: 'turn:h', TURN_SECRET: 'x', TURN_TTL_SECONDS: '10' })).toThrow(
      /TURN_TTL_SECONDS/,
    );
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'none' })).toThrow(
      /ICE_TRANSPORT_POLICY: ICE_TRANSPORT_POLICY must be all or relay\./,
    );
  });
});
