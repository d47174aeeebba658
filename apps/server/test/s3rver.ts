/**
 * An S3-compatible server for the tests: s3rver on a loopback port with a temporary folder and one bucket.
 * `env` is the configuration that points the app at it (config.ts S3_*).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../src/platform/storage';
import { startS3rver as startS3rverOn } from '../../../tools/cluster-lib.mjs';

export interface TestS3 {
  settings: S3Settings;
  env: Record<string, string>;
  /** The folder s3rver keeps the bucket in. */
  directory: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'saber-teste'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-s3rver-'));
  // The same s3rver start-up as `npm run cluster` (tools/cluster-lib.mjs).
  const server = await startS3rverOn({ directory, bucket });
  const env = server.env as Record<string, string>;
  const settings: S3Settings = {
    bucket,
    endpoint: server.endpoint,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: true,
  };
  return {
    settings,
    directory,
    env,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
