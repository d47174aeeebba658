/**
 * An S3-compatible server for the tests (issue 15): s3rver on a loopback port with a temporary folder and one bucket.
 * `env` is the configuration that points the app at it (config.ts S3_*).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/platform/storage';

export interface TestS3 {
  settings: S3Settings;
  env: Record<string, string>;
  /** The folder s3rver keeps the bucket in. */
  directory: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'saber-teste'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver accepts any key pair signed correctly: these are its documented defaults.
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
