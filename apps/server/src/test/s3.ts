/**
 * A local S3-compatible server for tests (the `s3rver` package) on 127.0.0.1, a free port and a temporary folder:
 * the app talks to it through the same AWS SDK path as to a real bucket. Never the internet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { TEST_ENGINES } from './harness';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The stores a suite covers: the database always, S3 through the local server. */
export const TEST_BLOB_STORES = ['database', 's3'] as const;
export type TTestBlobStore = (typeof TEST_BLOB_STORES)[number];
/** Every engine with every store: what the evidence and recordings suites run over. */
export const TEST_ENGINE_STORES = TEST_ENGINES.flatMap((engine) =>
  TEST_BLOB_STORES.map((store) => [engine, store] as const),
);

// The SDK warns once that its 2027 releases will need Node 22; tests need not say so.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TTestS3 {
  /** A new empty bucket, and the environment that points an app at it. */
  createBucket(): Promise<{ bucket: string; env: Record<string, string> }>;
  /** The keys of a bucket's objects under `prefix`. */
  listKeys(bucket: string, prefix?: string): Promise<string[]>;
  /** Sizes of the parts received so far of the bucket's unfinished multipart uploads (as the server keeps them). */
  pendingPartSizes(bucket: string): number[];
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TTestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS });
  return {
    async createBucket() {
      const bucket = `test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return {
        bucket,
        env: {
          S3_URL: `${endpoint}/${bucket}`,
          S3_ACCESS_KEY_ID: KEYS.accessKeyId,
          S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
        },
      };
    },
    async listKeys(bucket, prefix = '') {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
    },
    pendingPartSizes(bucket) {
      // s3rver keeps part n of an upload as the file `<bucket>/._S3rver_uploads/<upload id>/<n>`.
      const uploads = path.join(directory, bucket, '._S3rver_uploads');
      if (!fs.existsSync(uploads)) return [];
      return fs.readdirSync(uploads).flatMap((upload) =>
        fs
          .readdirSync(path.join(uploads, upload))
          .filter((name) => /^\d+$/.test(name))
          .map((name) => fs.statSync(path.join(uploads, upload, name)).size),
      );
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
