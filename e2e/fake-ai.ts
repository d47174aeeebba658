/**
 * A fake OpenAI-compatible chat API for the AI e2e journey, on loopback. playwright.config.ts points the
 * e2e server at it (AI_BASE_URL on port E2E_AI_PORT, default E2E_PORT + 1000); ai-activities.spec.ts
 * and student.spec.ts start it for the length of their tests (one at a time: the port is shared). Other specs never
 * call it.
 */
import http from 'node:http';

export const fakeAiPort = () => Number(process.env.E2E_AI_PORT ?? Number(process.env.E2E_PORT ?? '3199') + 1000);

/** The environment the e2e server needs to use the fake (the demo institution is seller 1). */
export const fakeAiEnv = () => ({
  AI_BASE_URL: `http://127.0.0.1:${fakeAiPort()}/v1`,
  AI_API_KEY: 'e2e-key',
  AI_MODEL: 'e2e-model',
  AI_TIMEOUT_MS: '15000',
  AI_ALLOWED_SELLER_IDS: '1',
});

export interface FakeAi {
  /** The user prompts received, in order. */
  prompts: string[];
  reply: string;
  stop(): Promise<void>;
}

export async function startFakeAi(reply: string): Promise<FakeAi> {
  const fake = { prompts: [] as string[], reply } as FakeAi;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { messages?: { role: string; content: string }[] };
      fake.prompts.push(body.messages?.find((m) => m.role === 'user')?.content ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: fake.reply } }] }));
    });
  });
  // One port for every spec that needs the fake (ai-activities, student): a spec running in another worker holds it
  // for its few seconds, so wait for it to be free (up to a minute) instead of failing.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(fakeAiPort(), '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  fake.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
