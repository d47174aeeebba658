// `npm run bench:load`: a realistic mixed load on PostgreSQL, twice in the same server process, with the server's memory
// sampled (docs/performance.md "Mixed load"). Roughly 70 % reads and 30 % writes (by HTTP method) from
// BENCH_CONNECTIONS (default 50) clients calling back to back for BENCH_SECONDS (default 60) per run, BENCH_RUNS
// (default 2) runs:
//   - students through share links that name them (a subject link per student, minted by the institution's
//     share-link API): the viewer's link check, opening units, votes, feedback;
//   - students through the LMS API's launch addresses (POST /saveDataInJson with the institution's LMS key; the LMS
//     names its student with `&student=`, which the viewer exchanges for a student token, POST /student/identify):
//     opening units, votes, now and then identifying again; the LMS itself linking units;
//   - students through LTI 1.3 (the platform harness of the tests, apps/server/test/lti-platform.ts, on loopback,
//     Moodle-like, with AGS): launches (login initiation + id_token post), opening the unit, answering its question
//     (the server checks it and posts the grade to the platform);
//   - institutions (owner, content manager) reading their catalogue, rents, subjects, team, logs and access reports;
//   - staff (admin, director, manager, curator) reading the review lists, feedback report, logs, institutions and the
//     access reports;
//   - providers (owners and editors) listing their units, reading their report and saving drafts (create + update).
// Beside the load, GET /api/health is probed BENCH_HEALTH_RPS (default 4) times a second on its own connection, so
// every figure can be read as a ratio of health's in the same run.
//
// The server is the production bundle (apps/server/build.mjs into apps/server/dist-load, like `npm run bench`; the
// shared dist is not touched) started once (tools/cluster-lib.mjs startInstance) on the database BENCH_LOAD_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/bench_load): recreated by the bench-data generator (tools/bench-data.mjs:
// the migrations, the demo data and a reduced bench set: 200 institutions with ~3,000 rents, 1,000 providers, 20,000
// units, 500,000 access events), plus one owner account per chosen institution. BENCH_REUSE_DB=1 keeps an existing
// database (no regeneration); the database is dropped at the end unless BENCH_KEEP_DB=1.
//
// Every client (student, user, LMS) has its own address in X-Forwarded-For (the server trusts the loopback proxy:
// TRUST_PROXY=loopback) so the per-address rate limits apply as in production, each to one client; every connection
// is to 127.0.0.1. Any answer other than the expected status is an error; the server's log (warn and above) is kept
// in the run's folder and its error lines are summarised. After the runs the DATABASE is checked: every acknowledged
// vote, feedback and new unit is stored, the ratings the trigger keeps equal the votes, every LTI grade reached the
// platform. The server's memory (RSS, and the heap after a full GC) is sampled after setup and after each run. Prints
// Markdown tables (per kind of operation, overall, health, memory) for docs/performance.md; exits 1 on any error.
// Bounded: each request times out after 30 s and the whole tool stops itself after 15 minutes plus the runs.
//
// Other settings: BENCH_INSTITUTIONS (default 8: the demo one and 7 bench ones), BENCH_STUDENTS (share-link students
// per institution, default 150), BENCH_LMS_STUDENTS (per institution, default 100), BENCH_LTI_STUDENTS (default 100,
// on the demo institution), BENCH_AUTHORS (default 12), BENCH_SETTLE_SECONDS (idle before each memory sample,
// default 5), BENCH_JSON (a file to write the raw results to), BENCH_CPU_PROF (a folder for the server's CPU profile),
// BENCH_EXCLUDE (leaves out the lists and reports whose names match). The server inherits the environment, so its own
// settings (DATABASE_POOL_MAX, …) can be tried too.
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freePort, root, startInstance } from './cluster-lib.mjs';

const num = (name, fallback) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name}: a number, please`);
  return v;
};
const SECONDS = num('BENCH_SECONDS', 60);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const RUNS = num('BENCH_RUNS', 2);
const HEALTH_RPS = num('BENCH_HEALTH_RPS', 4);
const INSTITUTIONS = num('BENCH_INSTITUTIONS', 8);
const STUDENTS = num('BENCH_STUDENTS', 150);
const LMS_STUDENTS = num('BENCH_LMS_STUDENTS', 100);
const LTI_STUDENTS = num('BENCH_LTI_STUDENTS', 100);
const AUTHORS = num('BENCH_AUTHORS', 12);
const SETTLE_S = num('BENCH_SETTLE_SECONDS', 5);
const REQUEST_TIMEOUT_MS = 30_000;
const dbUrl = new URL(process.env.BENCH_LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_load');
const dbName = decodeURIComponent(dbUrl.pathname.replace(/^\//, ''));
if (!dbName || ['test', 'postgres', 'bench', 'template0', 'template1'].includes(dbName)) {
  console.error(`bench:load recreates its database: give it a dedicated one, not "${dbName}".`);
  process.exit(2);
}
const runTag = crypto.randomBytes(3).toString('hex');
// A watchdog: whatever hangs, the tool (and with it the server it started) ends.
setTimeout(() => {
  console.error('bench:load: over its time budget, stopping');
  process.exit(1);
}, (15 * 60 + RUNS * (SECONDS + 90)) * 1000).unref();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-load-'));
const log = (...args) => console.log(`${new Date().toISOString().slice(11, 19)}`, ...args);

// ---------------------------------------------------------------------------------------------------------------
// 1. The server bundle and the database.
log('building the server (apps/server/dist-load)…');
execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { env: { ...process.env, BUILD_TAG: 'load' }, stdio: 'inherit' });
// What was measured: the commit, and whether the server's or the contract's sources had changes not committed.
const revision = (() => {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/server/src', 'packages/shared/src'], { cwd: root, encoding: 'utf8' }).trim();
    return `${head}${dirty ? ` with ${dirty.split('\n').length} uncommitted files in apps/server/src and packages/shared/src` : ''}`;
  } catch {
    return 'unknown revision';
  }
})();

const adminDbUrl = new URL(dbUrl);
adminDbUrl.pathname = '/postgres';
const dbExists = async () => {
  const c = new pg.Client({ connectionString: adminDbUrl.toString() });
  await c.connect();
  try {
    return (await c.query('select 1 from pg_database where datname = $1', [dbName])).rowCount > 0;
  } finally {
    await c.end();
  }
};
if (process.env.BENCH_REUSE_DB === '1' && (await dbExists())) {
  log(`reusing the database ${dbName}`);
} else {
  log(`generating the database ${dbName} (tools/bench-data.mjs, reduced)…`);
  execFileSync(process.execPath, [path.join(root, 'tools/bench-data.mjs'), dbUrl.toString()], {
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_UNITS: process.env.BENCH_UNITS ?? '20000',
      BENCH_AUDIT_ROWS: process.env.BENCH_AUDIT_ROWS ?? '100000',
      BENCH_FEEDBACKS: process.env.BENCH_FEEDBACKS ?? '5000',
      BENCH_ACCESS_EVENTS: process.env.BENCH_ACCESS_EVENTS ?? '500000',
    },
  });
}

// The institutions: the demo one and the first active bench ones with at least 10 published units in active rents.
// Each bench institution gets an owner account (type seller, the demo password): bench-data gives them teams without one,
// and only the owner may generate the LMS key.
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
const { rows: chosen } = await db.query(
  `select s.id, s.name, (s.cnpj = '04252011000110') as demo
     from sellers s
    where s.status = 'active'
      and (select count(*) from rents r join items i on i.provider_id = r.provider_id and i.published_content_id is not null
            where r.seller_id = s.id and r.status = 'active') >= 10
    order by (s.cnpj = '04252011000110') desc, s.id
    limit $1`,
  [INSTITUTIONS],
);
if (!chosen[0]?.demo) throw new Error('the demo institution is missing: was the database made by bench-data?');
await db.query(
  `insert into users (name, email, password_hash, type, status, seller_id, email_confirmed_at)
   select 'Gestora ' || s.name, 'gestor' || s.id || '@bench.sabercompartilhado.com.br',
          (select password_hash from users where email = 'admin@demo.sabercompartilhado.com.br'), 'seller', 'active', s.id, now()
     from sellers s
    where s.id = any($1::int[])
      and not exists (select 1 from users u where u.email = 'gestor' || s.id || '@bench.sabercompartilhado.com.br')`,
  [chosen.filter((s) => !s.demo).map((s) => s.id)],
);
// Authors: the demo provider and editor, the demo provider's active team, and owners of active bench providers.
const { rows: authorRows } = await db.query(
  `(select email, type from users where email in ('provider@demo.sabercompartilhado.com.br', 'editor@demo.sabercompartilhado.com.br'))
   union all
   (select u.email, u.type from users u where u.email like 'equipe%@bench.sabercompartilhado.com.br' and u.status = 'active' order by u.id limit $1)
   union all
   (select u.email, u.type from users u join providers p on p.id = u.provider_id
     where u.email like 'dono%@bench.sabercompartilhado.com.br' and p.status = 'active' order by u.id limit $1)`,
  [Math.max(0, Math.ceil((AUTHORS - 2) / 2))],
);
await db.end();

// ---------------------------------------------------------------------------------------------------------------
// 2. The server: one process, its log in the run's folder.
const port = await freePort();
const serverUrl = `http://127.0.0.1:${port}`;
const METRICS_TOKEN = `bench-load-metrics-${crypto.randomBytes(8).toString('hex')}`;
const serverLogPath = path.join(workDir, 'server.log');
const serverLog = fs.createWriteStream(serverLogPath);
log(`starting the server on ${serverUrl} (log: ${serverLogPath})…`);
const server = await startInstance({
  name: 'load',
  port,
  // --expose-gc and a one-line preload: SIGUSR2 runs a full garbage collection, so the memory samples compare live
  // memory, not what V8 has not collected yet. Nothing else of the process changes.
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  entry: [
    '--expose-gc',
    `--import=data:text/javascript,process.on('SIGUSR2',()=>globalThis.gc())`,
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []),
    path.join(root, 'apps/server/dist-load/main.js'),
  ],
  env: {
    DATABASE_URL: dbUrl.toString(),
    DEMO_DATA: 'true',
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST: path.join(workDir, 'no-web'),
    PUBLIC_URL: serverUrl,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
    // Fixed, so a reused database's LTI keys (encrypted with LTI_KEY_SECRET) and links stay readable.
    SHARE_LINK_SECRET: 'bench-load-share-link-secret-000000000000',
    LTI_KEY_SECRET: 'bench-load-lti-key-secret-0000000000000000',
  },
  output: (line) => serverLog.write(`${line}\n`),
});
let platform = null;
const cleanup = async () => {
  await server.stop(10_000).catch(() => undefined);
  await platform?.stop().catch(() => undefined);
  serverLog.end();
  if (process.env.BENCH_KEEP_DB !== '1') {
    const c = new pg.Client({ connectionString: adminDbUrl.toString() });
    await c.connect();
    await c.query(`drop database if exists "${dbName.replace(/"/g, '""')}" with (force)`);
    await c.end();
  }
};
process.on('exit', () => server.child.kill('SIGKILL'));
process.on('SIGINT', () => cleanup().finally(() => process.exit(130)));

// ---------------------------------------------------------------------------------------------------------------
// 3. The client: node:http on keep-alive connections (at most CONNECTIONS for the load, one more for the probe).
const loadAgent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One HTTP call; answers { status, headers, body (text), json(), ms } or throws (network error, time-out). */
function request(method, url, { headers = {}, body, form, xff, agent = loadAgent } = {}) {
  const target = new URL(url, serverUrl);
  let payload;
  const h = { accept: 'application/json', ...headers };
  if (form) {
    payload = new URLSearchParams(form).toString();
    h['content-type'] = 'application/x-www-form-urlencoded';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] = 'application/json';
  }
  if (payload !== undefined) h['content-length'] = Buffer.byteLength(payload);
  if (xff) h['x-forwarded-for'] = xff;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(target, { method, headers: h, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: text,
          json: () => JSON.parse(text),
          ms: performance.now() - started,
        });
      });
      res.on('error', reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
const api = (p) => `/api${p}`;
const auth = (token) => ({ authorization: `Bearer ${token}` });
/** A setup call that must succeed. */
async function must(method, p, opts = {}, expected = [200]) {
  const res = await request(method, api(p), opts);
  if (!expected.includes(res.status)) throw new Error(`setup: ${method} ${p} answered ${res.status}: ${res.body.slice(0, 500)}`);
  return res;
}
// Addresses: 10.<group>.<hi>.<lo>, one per client.
let nextAddress = 0;
const newAddress = (group) => {
  const n = nextAddress++;
  return `10.${group}.${(n >> 8) & 255}.${n & 255}`;
};

// ---------------------------------------------------------------------------------------------------------------
// 4. Setup through the API: sign-ins, LMS keys, subjects, links, the LTI connection and launches, the authors' drafts.
const { STUDENT_LINK_HEADER, STUDENT_TOKEN_HEADER } = await tsImport(path.join(root, 'packages/shared/src/student.ts'), import.meta.url);
/**
 * A link that names no student (an LMS launch address, with the LMS's `&student=`): the student identifies once per
 * link (POST /student/identify) and sends the student token it answers with every call.
 */
async function identify(student, launch) {
  const res = await request('POST', api('/student/identify'), { headers: { [STUDENT_LINK_HEADER]: launch.token }, body: { studentId: student.studentId }, xff: student.xff });
  if (res.status === 200) student.tokens.set(launch.contentId, res.json().token);
  return res;
}
/** `fn` over `list`, `n` at a time. */
async function inBatches(list, n, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < list.length) await fn(list[next++]);
  }));
}
const { unitQuestions, questionKey } = await tsImport(path.join(root, 'packages/shared/src/content/unit-questions.ts'), import.meta.url);
const { LtiPlatform } = await tsImport(path.join(root, 'apps/server/test/lti-platform.ts'), import.meta.url);

async function signIn(email) {
  const xff = newAddress(1);
  const res = await must('POST', '/signin', { body: { email, password: 'demo1234' }, xff });
  return { email, token: res.json().token, xff };
}
const day = (d) => d.toISOString().slice(0, 10);
const today = day(new Date());
const monthAgo = day(new Date(Date.now() - 30 * 86400_000));
const yearAgo = day(new Date(Date.now() - 365 * 86400_000));

log('setup: sign-ins…');
const staff = {};
for (const who of ['admin', 'director', 'manager', 'curator']) staff[who] = await signIn(`${who}@demo.sabercompartilhado.com.br`);
const institutions = [];
for (const s of chosen) {
  const ownerEmail = s.demo ? 'seller@demo.sabercompartilhado.com.br' : `gestor${s.id}@bench.sabercompartilhado.com.br`;
  institutions.push({ id: s.id, name: s.name, owner: await signIn(ownerEmail), group: 20 + institutions.length });
}

/** What a student of a link may do: the link's token, the units it opens, its headers and address. */
const linkStudents = [];
const lmsStudents = [];
const lmsCallers = [];
log(`setup: ${institutions.length} institutions (LMS key, a subject, ${STUDENTS} share-link students, ${LMS_STUDENTS} LMS students each)…`);
for (const inst of institutions) {
  const owner = inst.owner;
  // The LMS key first: a new key revokes every link made before it.
  const key = (await must('PUT', '/sellers/lms/key', { headers: auth(owner.token), body: { id: inst.id }, xff: owner.xff })).json().lms_key;
  const catalogue = (await must('GET', '/items/item/catalogue', { headers: auth(owner.token), xff: owner.xff })).json();
  const units = catalogue.groups.flatMap((g) => g.units);
  if (units.length < 10) throw new Error(`setup: ${inst.name}'s catalogue has ${units.length} units`);
  // The subject: six units of the catalogue (spread over it); the LMS links four others.
  const pick = (n, offset) => Array.from({ length: n }, (_, i) => units[Math.floor(((i + offset / 10) * units.length) / n) % units.length]);
  const subjectUnits = [...new Map(pick(6, 0).map((u) => [u.itemId, u])).values()];
  const lmsUnits = [...new Map(pick(4, 5).map((u) => [u.itemId, u])).values()].filter((u) => !subjectUnits.some((s) => s.itemId === u.itemId));
  const subjectId = (await must('POST', '/sellers/subjects', { headers: auth(owner.token), body: { name: `Disciplina carga ${runTag}`, sellerId: inst.id }, xff: owner.xff })).json()
    .subject_id;
  for (const u of subjectUnits) {
    await must('POST', '/sellers/subjects/item', { headers: auth(owner.token), body: { subjectId, itemId: u.itemId, itemContentId: u.itemContentId }, xff: owner.xff });
  }
  inst.subjectId = subjectId;
  for (let n = 0; n < STUDENTS; n++) {
    // bench-data's students are `aluno-<institution>-<n>`: the reports count these accesses with theirs.
    const studentId = `aluno-${inst.id}-${n}`;
    const link = (await must('POST', `/sellers/share-links/subject/${subjectId}`, { headers: auth(owner.token), body: { studentId }, xff: owner.xff })).json();
    linkStudents.push({ inst, studentId, token: link.token, units: subjectUnits.map((u) => u.itemContentId), itemOf: new Map(subjectUnits.map((u) => [u.itemContentId, u.itemId])), xff: newAddress(inst.group) });
  }
  const launches = [];
  const lmsXff = newAddress(2);
  for (const u of lmsUnits) {
    const res = await must('POST', '/saveDataInJson', { headers: { lms_key: key }, body: { itemId: u.itemId }, xff: lmsXff });
    launches.push({ itemId: u.itemId, contentId: res.json().itemContentId, token: res.json().token });
  }
  lmsCallers.push({ inst, key, xff: lmsXff, units: lmsUnits.map((u) => u.itemId) });
  const students = Array.from({ length: LMS_STUDENTS }, (_, n) => ({ inst, studentId: `lms-${inst.id}-${n}`, launches, tokens: new Map(), xff: newAddress(inst.group) }));
  await inBatches(students.flatMap((st) => launches.map((l) => [st, l])), 8, async ([st, l]) => {
    const res = await identify(st, l);
    if (res.status !== 200) throw new Error(`setup: POST /student/identify answered ${res.status}: ${res.body.slice(0, 300)}`);
  });
  lmsStudents.push(...students);
  // The content manager reads too.
  const [cm] = await (async () => {
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    try {
      return (await c.query(`select email from users where seller_id = $1 and type = 'seller_content_manager' and status = 'active' order by id limit 1`, [inst.id])).rows;
    } finally {
      await c.end();
    }
  })();
  inst.readers = [owner, ...(cm ? [await signIn(cm.email)] : [])];
}

/** The headers of a student on a launch address (a link that names no student): the link and the student's token for it. */
const lmsStudentHeaders = (student, launch) => ({ [STUDENT_LINK_HEADER]: launch.token, [STUDENT_TOKEN_HEADER]: student.tokens.get(launch.contentId) });

// LTI: a Moodle-like platform (the tests' harness) connected to the demo institution; its students launch the demo
// published unit (it has a question) with a line item, so their answers are graded and posted to the platform.
const demo = institutions[0];
log(`setup: LTI platform and ${LTI_STUDENTS} launches…`);
platform = await new LtiPlatform({
  clientId: `moodle-load-${runTag}`,
  deploymentId: 'dep-load',
  toolJwks: async () => (await must('GET', '/lti/jwks')).json(),
}).start();
const connection = (
  await must('POST', `/sellers/${demo.id}/lti-connections`, {
    headers: auth(staff.admin.token),
    xff: staff.admin.xff,
    body: { platform: 'moodle', name: `Moodle carga ${runTag}`, clientId: platform.options.clientId, url: platform.url, deploymentId: 'dep-load' },
  })
).json().connection;
platform.redirectUris = connection.tool.redirectUris;
const demoUnit = await (async () => {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select i.id as item, i.published_content_id as content from items i join item_contents c on c.id = i.published_content_id
        where c.title = 'Funções do 1º grau: conceitos e aplicações' limit 1`,
    );
    return rows[0];
  } finally {
    await c.end();
  }
})();

/** One LTI launch: login initiation, the platform's id_token, the launch; answers the student link's token. */
async function ltiLaunch(student, record) {
  // The browser's cookies of our site: whatever the login sets (the cookie binding its state) goes back, as a browser's.
  const jar = new Map();
  const keepCookies = (res) => {
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const pair = line.split(';')[0];
      jar.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1));
    }
  };
  const cookies = () => (jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {});
  const params = platform.initiation(connection.tool.toolUrl);
  let res = await request('POST', api('/lti/login'), { form: params, xff: student.xff });
  record?.('student (LTI): launch, login initiation', 'POST /api/lti/login', res, [302]);
  if (res.status !== 302) return null;
  keepCookies(res);
  // Our own steps on the way (the check that the browser kept the login's cookie), followed as a browser follows them,
  // until the platform's authentication endpoint.
  let location = new URL(String(res.headers.location), serverUrl);
  for (let hop = 0; location.origin === serverUrl && hop < 5; hop++) {
    res = await request('GET', `${location.pathname}${location.search}`, { xff: student.xff, headers: cookies() });
    record?.('student (LTI): launch, login check', `GET ${location.pathname}`, res, [302, 303]);
    if (res.status !== 302 && res.status !== 303) return null;
    keepCookies(res);
    location = new URL(String(res.headers.location), serverUrl);
  }
  const answer = await platform.authenticate(location.toString(), student.claims);
  const launch = await request('POST', new URL(answer.action).pathname, { form: answer.fields, xff: student.xff, headers: cookies() });
  record?.('student (LTI): launch, id_token post', 'POST /api/lti/launch', launch, [303]);
  if (launch.status !== 303) return null;
  return new URL(String(launch.headers.location), serverUrl).searchParams.get('token');
}
const ltiStudents = [];
for (let n = 0; n < LTI_STUDENTS; n++) {
  const sub = `moodle-user-${n}`;
  const student = {
    inst: demo,
    sub,
    xff: newAddress(3),
    claims: platform.resourceLinkClaims({
      sub,
      custom: { saber_unit: String(demoUnit.item) },
      lineitem: platform.lineitemUrl(1),
      resourceLinkId: 'rl-load-1',
      targetLinkUri: connection.tool.toolUrl,
    }),
  };
  student.token = await ltiLaunch(student);
  if (!student.token) throw new Error(`setup: the LTI launch of ${sub} failed`);
  ltiStudents.push(student);
}
const demoUnitView = (await must('GET', `/student/units/${demoUnit.content}`, { headers: { [STUDENT_LINK_HEADER]: ltiStudents[0].token }, xff: ltiStudents[0].xff })).json();
const questions = unitQuestions(demoUnitView);
if (questions.length === 0) throw new Error('setup: the demo unit has no question');

// Authors: each keeps one draft of its own, saved by one client at a time (two clients saving the same draft at once
// would be two editors of one draft: the second gets the documented 409, not what this load measures).
log(`setup: ${authorRows.length} authors and their drafts…`);
const knowledgeIds = (await must('GET', '/items/knowledge/find', { headers: auth(staff.admin.token), xff: staff.admin.xff })).json().filter((k) => k.type === 'university').map((k) => k.id);
const unitBody = (title, n) => ({
  title,
  authors: ['Ana Souza'],
  introduction: `<p>Introdução da unidade de carga ${n}: ${'conceitos e exemplos. '.repeat(20)}</p>`,
  learningObjectives: ['Reconhecer os conceitos centrais', 'Aplicar em exercícios'],
  synthesis: `<p>Síntese ${n}: ${'revisão das definições. '.repeat(10)}</p>`,
  bibliographicReference: ['SOLOMONS, T. Química Orgânica. LTC, 2012.'],
  knowledges: [knowledgeIds[n % knowledgeIds.length]],
  levelOfLearning: ['Graduação'],
  topics: [
    { title: 'Tópico 1', content: `<p>${'Explicação do tópico com exemplo resolvido. '.repeat(30)}</p>` },
    { title: 'Tópico 2', content: `<p>${'Atividade de fixação com comentários. '.repeat(30)}</p>` },
  ],
});
const updateBodyOf = (unit) => ({
  id: unit.id,
  revision: unit.revision,
  title: unit.title,
  authors: unit.authors,
  introduction: unit.introduction,
  learningObjectives: unit.learningObjectives,
  synthesis: unit.synthesis,
  bibliographicReference: unit.bibliographicReference,
  knowledges: unit.knowledges.map((k) => k.id),
  levelOfLearning: unit.levelOfLearning,
  learningType: unit.learningType,
  topics: unit.topics,
});
const authors = [];
for (const [i, row] of authorRows.entries()) {
  const a = await signIn(row.email);
  const created = await must('POST', '/items/item/content/create', {
    headers: { ...auth(a.token), 'idempotency-key': `load-${runTag}-setup-${i}` },
    body: unitBody(`Unidade de carga ${runTag} ${i}`, i),
    xff: a.xff,
  });
  authors.push({ ...a, type: row.type, draft: created.json(), saves: 0, busy: false });
}

// ---------------------------------------------------------------------------------------------------------------
// 5. The mix. Each operation is one request (the LTI launch two); `weight` is its share of operations.
const rand = (n) => Math.floor(Math.random() * n);
const any = (list) => list[rand(list.length)];
// BENCH_EXCLUDE (a regular expression): the lists and reports whose names match are left out (e.g. 'access report',
// to see what they cost the others).
const exclude = process.env.BENCH_EXCLUDE ? new RegExp(process.env.BENCH_EXCLUDE, 'i') : null;
const keep = (name) => !exclude || !exclude.test(name);
// [name, who ('any' of the institution's readers, or its 'owner' only: the team, logs and access reports), path].
const institutionReads = [
  ['catalogue', 'any', () => '/items/item/catalogue'],
  ['catalogue, title search', 'any', () => '/items/item/catalogue?title=fundamentos'],
  ['rents', 'any', () => '/sellers/rents?page=1'],
  ['subjects', 'any', (inst) => `/sellers/subjects/seller/${inst.id}`],
  ['a subject', 'any', (inst) => `/sellers/subjects/${inst.subjectId}/item`],
  ['bell', 'any', () => '/notifications'],
  ['team', 'owner', () => '/sellers/my-team?page=1'],
  ['logs, 30 days', 'owner', () => `/reports/logs?start_date=${monthAgo}&end_date=${today}&page=1`],
  ['access report, 12 months', 'owner', () => `/sellers/report-access?start_date=${yearAgo}&end_date=${today}`],
  ['access report charts, 12 months', 'owner', () => `/sellers/report-access/charts?start_date=${yearAgo}&end_date=${today}`],
  ['access report, 30 days', 'owner', () => `/sellers/report-access?start_date=${monthAgo}&end_date=${today}`],
].filter(([name]) => keep(name));
const staffReads = [
  ['admin', 'review list, Ativas', '/items/review/find?page=1&active=true'],
  ['manager', 'review list, Novas', '/items/item/content/new?page=1'],
  ['curator', 'review list, assigned', '/items/review/find?page=1&active=true'],
  ['admin', 'feedback report', '/items/item/feedback?page=1'],
  ['director', 'feedback report', '/items/item/feedback?page=1'],
  ['admin', 'logs, 30 days', `/reports/logs?start_date=${monthAgo}&end_date=${today}&page=1`],
  ['admin', 'institutions', '/sellers?page=1'],
  ['director', 'access report, every institution, 12 months', `/sellers/report-access?start_date=${yearAgo}&end_date=${today}`],
  ['admin', 'unit-access report, every unit, 12 months', `/items/item/content/find/access/units/0/${yearAgo}/${today}`],
  ['manager', 'published units (dashboard)', '/items/review/find/units/published?page=1'],
  ['admin', 'bell', '/notifications'],
].filter(([, name]) => keep(name));
// [name, owners only (the provider's reports; editors author but do not read them), path].
const providerReads = [
  ['Minhas Unidades', false, () => '/items/item/content/provider?page=1'],
  ['Minhas Unidades, recent', false, () => '/items/item/content/provider?page=1&order=recent'],
  ['open own draft', false, (a) => `/items/item/content/find/${a.draft.id}`],
  ['published-units report', true, () => `/reports/published-units?startDate=${yearAgo}&endDate=${today}`],
  ['logs, 30 days', true, () => `/reports/logs?start_date=${monthAgo}&end_date=${today}&page=1`],
].filter(([name]) => keep(name));

/**
 * The operations: [kind, weight, run(record)]. `record(kind, route, res, expected)` counts one request. An operation
 * answers false when it could not run now (every author busy): the client picks another.
 */
const OPS = [
  // Reads (GET): ~70 % of the requests.
  ['student (link): check link', 8, async (rec) => {
    const s = any(linkStudents);
    rec('GET /api/student/link/verify', await request('GET', api(`/student/link/verify?token=${encodeURIComponent(s.token)}`), { xff: s.xff }));
  }],
  ['student (link): open unit', 20, async (rec) => {
    const s = any(linkStudents);
    rec('GET /api/student/units/:id', await request('GET', api(`/student/units/${any(s.units)}`), { headers: { [STUDENT_LINK_HEADER]: s.token }, xff: s.xff }));
  }],
  ['student (LMS): open unit', 8, async (rec) => {
    const s = any(lmsStudents);
    const l = any(s.launches);
    rec('GET /api/student/units/:id', await request('GET', api(`/student/units/${l.contentId}`), { headers: lmsStudentHeaders(s, l), xff: s.xff }));
  }],
  ['student (LTI): open unit', 6, async (rec) => {
    const s = any(ltiStudents);
    rec('GET /api/student/units/:id', await request('GET', api(`/student/units/${demoUnit.content}`), { headers: { [STUDENT_LINK_HEADER]: s.token }, xff: s.xff }));
  }],
  ['institution: lists and reports', 14, async (rec) => {
    const inst = any(institutions);
    const [name, who, p] = any(institutionReads);
    const reader = who === 'owner' ? inst.owner : any(inst.readers);
    rec(`GET ${name}`, await request('GET', api(p(inst)), { headers: auth(reader.token), xff: reader.xff }));
  }],
  ['staff: lists and reports', 8, async (rec) => {
    const [who, name, p] = any(staffReads);
    rec(`GET ${name} (${who})`, await request('GET', api(p), { headers: auth(staff[who].token), xff: staff[who].xff }));
  }],
  ['provider: lists and reports', 6, async (rec) => {
    const [name, ownersOnly, p] = any(providerReads);
    const a = any(ownersOnly ? authors.filter((x) => x.type === 'provider') : authors);
    rec(`GET ${name}`, await request('GET', api(p(a)), { headers: auth(a.token), xff: a.xff }));
  }],
  // Writes (POST/PUT): ~30 %.
  ['student (link): vote', 7, async (rec) => {
    const s = any(linkStudents);
    const unit = any(s.units);
    const res = await request('PUT', api(`/student/units/${unit}/vote`), { headers: { [STUDENT_LINK_HEADER]: s.token }, body: { stars: 1 + rand(5) }, xff: s.xff });
    rec('PUT /api/student/units/:id/vote', res);
    if (res.status === 200) acknowledged.votes.add(JSON.stringify([s.itemOf.get(unit), s.inst.id, s.studentId]));
  }],
  ['student (link): feedback', 5, async (rec) => {
    const s = any(linkStudents);
    const free = Math.random() < 0.5;
    const res = await request('POST', api('/student/feedback'), {
      headers: { [STUDENT_LINK_HEADER]: s.token },
      xff: s.xff,
      body: {
        itemFeedback: {
          unit_id: any(s.units),
          error_type: free ? 'Feedback do aluno' : 'Erros de ortografia',
          error_description: free ? 'Gostei muito dos exemplos resolvidos, ajudaram na prova.' : 'No tópico 2 há uma palavra escrita errado.',
        },
      },
    });
    rec('POST /api/student/feedback', res);
    if (res.status === 200) acknowledged.feedbacks++;
  }],
  ['student (LMS): vote', 3, async (rec) => {
    const s = any(lmsStudents);
    const l = any(s.launches);
    const res = await request('PUT', api(`/student/units/${l.contentId}/vote`), { headers: lmsStudentHeaders(s, l), body: { stars: 1 + rand(5) }, xff: s.xff });
    rec('PUT /api/student/units/:id/vote', res);
    if (res.status === 200) acknowledged.votes.add(JSON.stringify([l.itemId, s.inst.id, s.studentId]));
  }],
  ['student (LMS): identify again (another device)', 1, async (rec) => {
    const s = any(lmsStudents);
    rec('POST /api/student/identify', await identify(s, any(s.launches)));
  }],
  ['student (LTI): answer a question', 4, async (rec) => {
    const s = any(ltiStudents);
    const q = any(questions);
    const option = Math.random() < 0.6 ? q.right : any(q.options).id;
    rec('POST /api/student/lti/score', await request('POST', api('/student/lti/score'), {
      headers: { [STUDENT_LINK_HEADER]: s.token },
      xff: s.xff,
      body: { unitId: demoUnit.content, question: questionKey(q), option },
    }));
  }],
  ['student (LTI): launch', 1.5, async (rec, recAs) => {
    const s = any(ltiStudents);
    const token = await ltiLaunch(s, recAs);
    if (token) s.token = token;
  }],
  ['LMS: link a unit', 1, async (rec) => {
    const c = any(lmsCallers);
    rec('POST /api/saveDataInJson', await request('POST', api('/saveDataInJson'), { headers: { lms_key: c.key }, body: { itemId: any(c.units) }, xff: c.xff }));
  }],
  ['provider: save a draft', 5, async (rec) => {
    const a = authors.find((x) => !x.busy && Math.random() < 0.5) ?? authors.find((x) => !x.busy);
    if (!a) return false;
    a.busy = true;
    try {
      a.saves++;
      const body = updateBodyOf(a.draft);
      body.synthesis = `<p>Síntese revista ${a.saves}: ${'revisão das definições. '.repeat(10)}</p>`;
      const res = await request('PUT', api('/items/item/content/update'), {
        headers: { ...auth(a.token), 'idempotency-key': crypto.randomUUID() },
        body,
        xff: a.xff,
      });
      rec('PUT /api/items/item/content/update', res);
      if (res.status === 200) a.draft = res.json();
    } finally {
      a.busy = false;
    }
    return true;
  }],
  ['provider: create a unit', 1, async (rec) => {
    const a = authors.find((x) => !x.busy && Math.random() < 0.5) ?? authors.find((x) => !x.busy);
    if (!a) return false;
    a.busy = true;
    try {
      const n = ++a.saves;
      const res = await request('POST', api('/items/item/content/create'), {
        headers: { ...auth(a.token), 'idempotency-key': crypto.randomUUID() },
        body: unitBody(`Unidade de carga ${runTag} ${a.email.split('@')[0]} ${n}`, n),
        xff: a.xff,
      });
      rec('POST /api/items/item/content/create', res);
      if (res.status === 200) acknowledged.units++;
      // The author goes on with the new draft.
      if (res.status === 200) a.draft = res.json();
    } finally {
      a.busy = false;
    }
    return true;
  }],
];
/** What the server acknowledged, checked in the database after the runs (nothing acknowledged may be missing). */
const acknowledged = { votes: new Set(), feedbacks: 0, units: 0 };
const totalWeight = OPS.reduce((s, o) => s + o[1], 0);
const pickOp = () => {
  let r = Math.random() * totalWeight;
  for (const op of OPS) if ((r -= op[1]) < 0) return op;
  return OPS[0];
};

// ---------------------------------------------------------------------------------------------------------------
// 6. Statistics and memory.
const newStats = () => ({ kinds: new Map(), routes: new Map(), health: { lat: [], statuses: new Map(), errors: 0 }, reads: 0, writes: 0, examples: new Map() });
function count(bucket, key, res, expected) {
  let b = bucket.get(key);
  if (!b) bucket.set(key, (b = { lat: [], statuses: new Map(), errors: 0 }));
  const status = res instanceof Error ? (res.message === 'timeout' ? 'timeout' : 'network') : res.status;
  b.statuses.set(status, (b.statuses.get(status) ?? 0) + 1);
  if (!(res instanceof Error)) b.lat.push(res.ms);
  const ok = !(res instanceof Error) && expected.includes(res.status);
  if (!ok) b.errors++;
  return ok;
}
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
function summary(b) {
  const sorted = Float64Array.from(b.lat).sort();
  const errors = [...b.statuses].filter(([s]) => !(typeof s === 'number' && s < 400)).map(([s, n]) => `${n} × ${s}`);
  return { requests: [...b.statuses.values()].reduce((a, n) => a + n, 0), errors: b.errors, errorStatuses: errors, p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), max: sorted.at(-1) ?? NaN };
}

/** CPU seconds (user + system) the process has used: /proc/<pid>/stat fields 14 and 15, in clock ticks (100 a second). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
async function metricsOf() {
  try {
    const res = await request('GET', api('/metrics'), { headers: auth(METRICS_TOKEN), agent: probeAgent });
    const value = (name, labels = '') => Number(new RegExp(`^${name}${labels ? `\\{${labels}\\}` : '(?:\\{[^}]*\\})?'} ([0-9.e+-]+)$`, 'm').exec(res.body)?.[1] ?? NaN);
    return {
      heapUsedMb: value('nodejs_heap_size_used_bytes') / 1048576,
      externalMb: value('nodejs_external_memory_bytes') / 1048576,
      poolWaiting: value('db_pool_waiting_requests', 'pool="app"'),
      poolOpen: value('db_pool_connections', 'pool="app"'),
      lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    };
  } catch {
    return { heapUsedMb: NaN, externalMb: NaN, poolWaiting: NaN, poolOpen: NaN, lagP99Ms: NaN };
  }
}
async function memoryPoint(label) {
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  server.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 1000));
  const m = await metricsOf();
  const point = { label, rssMb: (rssKb(server.child.pid) ?? NaN) / 1024, ...m };
  log(`memory ${label}: RSS ${point.rssMb.toFixed(0)} MB, heap used ${point.heapUsedMb.toFixed(0)} MB`);
  return point;
}

// ---------------------------------------------------------------------------------------------------------------
// 7. The runs.
async function run(index) {
  const stats = newStats();
  const deadline = performance.now() + SECONDS * 1000;
  let peakRssKb = 0;
  // Each second: the RSS, and from the server's metrics the queries waiting for a pooled connection and the event
  // loop's lag (where a slow answer waited: for the database pool, or for the CPU).
  const samples = [];
  // Four times a second, the server's statements running in PostgreSQL (pg_stat_activity of the database): how often
  // each one is seen running is its share of the database's time, so the busiest statements are named in the report.
  const activity = new pg.Client({ connectionString: dbUrl.toString(), application_name: 'bench-load-sampler' });
  await activity.connect();
  // The CPU of PostgreSQL's backends serving this database (the server's pools; one started during the run counts from 0).
  const pgCpu = async () => {
    const { rows } = await activity.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  };
  const running = new Map();
  let activitySamples = 0;
  let idleInTransaction = 0;
  const sampleActivity = async () => {
    const { rows } = await activity.query(
      `select state, query, wait_event_type from pg_stat_activity
        where datname = current_database() and state in ('active', 'idle in transaction') and pid <> pg_backend_pid()
          and backend_type = 'client backend'`,
    );
    activitySamples++;
    for (const row of rows) {
      // A transaction open while the server runs JavaScript between its statements (or waits for the CPU).
      if (row.state !== 'active') {
        idleInTransaction++;
        continue;
      }
      const key = row.query.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').slice(0, 160);
      const r = running.get(key) ?? { seen: 0, waiting: 0 };
      r.seen++;
      if (row.wait_event_type === 'Lock') r.waiting++;
      running.set(key, r);
    }
  };
  const activitySampler = setInterval(() => void sampleActivity().catch(() => undefined), 250);
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, rssKb(server.child.pid) ?? 0);
    void metricsOf().then((m) => samples.push(m));
  }, 1000);
  const record = (kind) => (route, res, expected = [200]) => {
    const ok = count(stats.kinds, kind, res, expected);
    count(stats.routes, route, res, expected);
    const method = route.split(' ')[0];
    if (method === 'GET') stats.reads++;
    else stats.writes++;
    if (!ok && !stats.examples.has(`${route} ${res.status}`)) stats.examples.set(`${route} ${res.status ?? res.message}`, res instanceof Error ? res.message : res.body.slice(0, 300));
  };
  const recordAs = (kind, route, res, expected) => record(kind)(route, res, expected);
  const client = async () => {
    while (performance.now() < deadline) {
      const [kind, , fn] = pickOp();
      try {
        await fn(record(kind), recordAs);
      } catch (err) {
        // A network error or time-out: counted against the operation's kind.
        record(kind)(`${kind} (failed)`, err instanceof Error ? err : new Error(String(err)));
      }
    }
  };
  const probe = async () => {
    const every = 1000 / Math.max(HEALTH_RPS, 0.1);
    while (performance.now() < deadline) {
      const t = performance.now();
      try {
        count(new Map([['h', stats.health]]), 'h', await request('GET', api('/health'), { agent: probeAgent }), [200]);
      } catch (err) {
        count(new Map([['h', stats.health]]), 'h', err, [200]);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, every - (performance.now() - t))));
    }
  };
  log(`run ${index}: ${CONNECTIONS} clients for ${SECONDS} s…`);
  const cpuBefore = { server: cpuSeconds(server.child.pid), client: process.cpuUsage(), postgres: await pgCpu() };
  const started = performance.now();
  await Promise.all([...Array.from({ length: CONNECTIONS }, client), HEALTH_RPS > 0 ? probe() : Promise.resolve()]);
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(activitySampler);
  let postgresCpu = 0;
  for (const [pid, t] of await pgCpu()) if (Number.isFinite(t)) postgresCpu += t - (cpuBefore.postgres.get(pid) ?? 0);
  await activity.end();
  // Mean number of the server's statements running at once, and the busiest statements (mean running at once).
  const busiest = [...running]
    .map(([query, r]) => ({ query, running: r.seen / Math.max(1, activitySamples), waitingOnLocks: r.waiting / Math.max(1, activitySamples) }))
    .sort((a, b) => b.running - a.running);
  const dbActivity = {
    meanRunning: busiest.reduce((a, q) => a + q.running, 0),
    meanIdleInTransaction: idleInTransaction / Math.max(1, activitySamples),
    busiest: busiest.slice(0, 8),
  };
  const clientCpu = process.cpuUsage(cpuBefore.client);
  // Shares of one core; the machine's load average says how busy the machine was besides.
  const cpu = {
    server: (cpuSeconds(server.child.pid) - cpuBefore.server) / elapsed,
    client: (clientCpu.user + clientCpu.system) / 1e6 / elapsed,
    postgres: postgresCpu / ((performance.now() - started) / 1000),
    loadAverage: os.loadavg()[0],
  };
  const mean = (k) => samples.reduce((a, m) => a + (Number.isFinite(m[k]) ? m[k] : 0), 0) / Math.max(1, samples.length);
  const max = (k) => samples.reduce((a, m) => Math.max(a, Number.isFinite(m[k]) ? m[k] : 0), 0);
  const pool = { poolWaitingMean: mean('poolWaiting'), poolWaitingMax: max('poolWaiting'), poolOpenMax: max('poolOpen'), lagP99MaxMs: max('lagP99Ms') };
  return { stats, elapsed, cpu, server: pool, dbActivity, peakRssMb: peakRssKb / 1024 };
}

async function withDb(fn) {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
const sellerIds = institutions.map((i) => i.id);
const countFeedbacks = () =>
  withDb(async (c) => Number((await c.query(`select count(*) from item_feedbacks where seller_id = any($1::int[]) and student_id is not null`, [sellerIds])).rows[0].count));
const countUnits = () =>
  withDb(async (c) => Number((await c.query(`select count(*) from item_contents where title like $1`, [`Unidade de carga ${runTag} %`])).rows[0].count));
const baseline = { feedbacks: await countFeedbacks(), units: await countUnits() };

const memory = [await memoryPoint('start (after setup)')];
const runs = [];
let loadEnded = Date.now();
for (let i = 1; i <= RUNS; i++) {
  const r = await run(i);
  runs.push(r);
  if (i === RUNS) loadEnded = Date.now();
  memory.push({ ...(await memoryPoint(`after run ${i}`)), peakRssMb: r.peakRssMb });
}

// The database after the runs: every acknowledged write is there, and the ratings the trigger keeps match the votes.
const votes = [...acknowledged.votes].map((v) => JSON.parse(v));
const checks = await withDb(async (c) => {
  const missingVotes = Number(
    (
      await c.query(
        `select count(*) from unnest($1::int[], $2::int[], $3::text[]) a(item, seller, student)
          where not exists (select 1 from unit_votes v where v.item_id = a.item and v.seller_id = a.seller and v.student_id = a.student)`,
        [votes.map((v) => v[0]), votes.map((v) => v[1]), votes.map((v) => v[2])],
      )
    ).rows[0].count,
  );
  const wrongRatings = Number(
    (
      await c.query(
        `select count(*) from items i
          cross join lateral (select count(*)::int as n, coalesce(sum(v.stars), 0)::int as total from unit_votes v where v.item_id = i.id) kept
          where i.id = any($1::int[]) and (i.rating_count <> kept.n or i.rating_sum <> kept.total)`,
        [[...new Set(votes.map((v) => v[0]))]],
      )
    ).rows[0].count,
  );
  return { missingVotes, wrongRatings };
});
checks.feedbacks = { acknowledged: acknowledged.feedbacks, stored: (await countFeedbacks()) - baseline.feedbacks };
checks.units = { acknowledged: acknowledged.units, stored: (await countUnits()) - baseline.units };
// The grades: the server posts each student's latest standing to the platform in a job; wait until every one of this
// run's connection is posted (at most 30 s plus 2 s a pending grade, 5 minutes in all), and say how long after the
// load's end the last one arrived. (The server posts a standing's time as a JavaScript Date, to the millisecond; a row's
// first standing keeps the microseconds of its insert's now(), hence the truncation.)
const gradesPending = () =>
  withDb(async (c) => (
    await c.query(
      `select count(*)::int as grades, count(*) filter (where g.posted_standing_at is null or g.posted_standing_at < date_trunc('milliseconds', g.updated_at))::int as pending,
              max(g.last_error) as error
         from lti_grades g join lti_connections c on c.id = g.connection_id where c.client_id = $1`,
      [platform.options.clientId],
    )
  ).rows[0]);
let grades = await gradesPending();
const pendingAtEnd = grades.pending;
for (const until = Date.now() + Math.min(300_000, 30_000 + 2000 * grades.pending); grades.pending > 0 && Date.now() < until; grades = await gradesPending()) {
  await new Promise((r) => setTimeout(r, 500));
}
checks.lti = {
  grades: grades.grades,
  pendingAfterRuns: pendingAtEnd,
  notPosted: grades.pending,
  lastPostedAfterLoadS: (Date.now() - loadEnded) / 1000,
  lastError: grades.error,
  scoresReceived: platform.received.scores.length,
  refusals: platform.received.refusals.length,
};
const checksOk =
  checks.missingVotes === 0 &&
  checks.wrongRatings === 0 &&
  checks.feedbacks.acknowledged === checks.feedbacks.stored &&
  checks.units.acknowledged === checks.units.stored &&
  checks.lti.refusals === 0 &&
  checks.lti.notPosted === 0;

// ---------------------------------------------------------------------------------------------------------------
// 8. The server's log: error lines (level ≥ 50) by message and route.
const logErrors = new Map();
for (const line of fs.readFileSync(serverLogPath, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  try {
    const entry = JSON.parse(line);
    if ((entry.level ?? 0) < 50) continue;
    const key = `${entry.req?.method ?? ''} ${entry.req?.url?.split('?')[0] ?? ''} ${entry.err?.message ?? entry.msg ?? ''}`.replace(/\d{2,}/g, 'N').slice(0, 240);
    logErrors.set(key, (logErrors.get(key) ?? 0) + 1);
  } catch {
    // not JSON
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 9. The tables.
const f = (ms) => (Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(1) : ms.toFixed(0)) : '–');
const out = [];
out.push(`Mixed load on PostgreSQL, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${revision}, ${os.cpus().length} cores, Node ${process.version}: ` +
  `${CONNECTIONS} connections, ${SECONDS} s per run, ${RUNS} runs in one server process; ${institutions.length} institutions, ` +
  `${linkStudents.length} share-link students, ${lmsStudents.length} LMS students, ${ltiStudents.length} LTI students, ${authors.length} authors; ` +
  `health probed ${HEALTH_RPS}/s alongside.`);
for (const [i, r] of runs.entries()) {
  const health = summary(r.stats.health);
  const all = { lat: [], statuses: new Map(), errors: 0 };
  for (const b of r.stats.kinds.values()) {
    all.lat.push(...b.lat);
    all.errors += b.errors;
    for (const [s, n] of b.statuses) all.statuses.set(s, (all.statuses.get(s) ?? 0) + n);
  }
  const overall = summary(all);
  out.push('', `### Run ${i + 1}: ${overall.requests.toLocaleString('en')} requests in ${r.elapsed.toFixed(0)} s (${(overall.requests / r.elapsed).toFixed(0)} req/s), ` +
    `${((100 * r.stats.reads) / (r.stats.reads + r.stats.writes)).toFixed(0)} % reads, ${overall.errors} errors; CPU: server ` +
    `${(100 * r.cpu.server).toFixed(0)} % of a core, PostgreSQL's backends ${(100 * r.cpu.postgres).toFixed(0)} %, load generator ${(100 * r.cpu.client).toFixed(0)} %; machine load average ${r.cpu.loadAverage.toFixed(1)}; ` +
    `queries waiting for a pooled connection ${r.server.poolWaitingMean.toFixed(1)} on average, ${r.server.poolWaitingMax} at most (${r.server.poolOpenMax} open); ` +
    `event-loop lag p99 ${r.server.lagP99MaxMs.toFixed(0)} ms at most`, '');
  out.push('| operation | requests | errors | p50 ms | p95 ms | p99 ms | max ms | p99 ÷ health p99 |', '|---|---:|---|---:|---:|---:|---:|---:|');
  const row = (name, s) =>
    `| ${name} | ${s.requests.toLocaleString('en')} | ${s.errors ? s.errorStatuses.join(', ') : '0'} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} | ${f(s.max)} | ${Number.isFinite(s.p99 / health.p99) ? (s.p99 / health.p99).toFixed(1) : '–'} |`;
  for (const [kind, b] of [...r.stats.kinds].sort((a, b) => a[0].localeCompare(b[0]))) out.push(row(kind, summary(b)));
  out.push(row('**overall**', overall));
  out.push(row('GET /api/health (probe, alongside)', health));
  out.push('', 'Slowest routes (p99):', '', '| route | requests | errors | p50 ms | p99 ms |', '|---|---:|---|---:|---:|');
  const routes = [...r.stats.routes].map(([route, b]) => [route, summary(b)]).sort((a, b) => b[1].p99 - a[1].p99);
  for (const [route, s] of routes.slice(0, 10)) out.push(`| ${route} | ${s.requests} | ${s.errors ? s.errorStatuses.join(', ') : '0'} | ${f(s.p50)} | ${f(s.p99)} |`);
  out.push(
    '',
    `The database meanwhile: ${r.dbActivity.meanRunning.toFixed(1)} of the server's statements running at once on average, ` +
      `${r.dbActivity.meanIdleInTransaction.toFixed(1)} transactions open between statements (idle in transaction); the busiest statements ` +
      '(mean running at once, of which waiting for a lock):',
    '',
  );
  for (const q of r.dbActivity.busiest) out.push(`- ${q.running.toFixed(2)} (${q.waitingOnLocks.toFixed(2)}): \`${q.query.replace(/`/g, "'")}\``);
  if (r.stats.examples.size) {
    out.push('', 'Error answers (first of each route and status):', '');
    for (const [k, v] of r.stats.examples) out.push(`- ${k}: ${v.replace(/\s+/g, ' ')}`);
  }
}
out.push('', '### Server memory (one process)', '', '| when | RSS MB | heap used MB | peak RSS during the run MB |', '|---|---:|---:|---:|');
for (const m of memory) out.push(`| ${m.label} | ${m.rssMb.toFixed(0)} | ${m.heapUsedMb.toFixed(0)} | ${m.peakRssMb ? m.peakRssMb.toFixed(0) : '–'} |`);
out.push(
  '',
  `Database after the runs: ${votes.length} acknowledged votes (distinct student and unit), ${checks.missingVotes} missing; ` +
    `${checks.wrongRatings} units whose kept rating differs from their votes; feedback ${checks.feedbacks.stored} stored of ` +
    `${checks.feedbacks.acknowledged} acknowledged; new units ${checks.units.stored} stored of ${checks.units.acknowledged} acknowledged; ` +
    `LTI grades: ${checks.lti.grades}, ${checks.lti.pendingAfterRuns} still to post when the checks began, ` +
    `${checks.lti.notPosted ? `${checks.lti.notPosted} never posted` : `all posted ${checks.lti.lastPostedAfterLoadS.toFixed(0)} s after the load ended`}` +
    `${checks.lti.lastError ? ` (${checks.lti.lastError})` : ''}; ` +
    `the platform received ${checks.lti.scoresReceived} scores, refused ${checks.lti.refusals}: ${checksOk ? 'OK' : 'FAILED'}.`,
);
out.push('', `Server log: ${logErrors.size ? `${[...logErrors.values()].reduce((a, n) => a + n, 0)} error lines` : 'no error lines'} (${serverLogPath})`);
for (const [k, n] of [...logErrors].sort((a, b) => b[1] - a[1]).slice(0, 15)) out.push(`- ${n} × ${k}`);
console.log(`\n${out.join('\n')}\n`);
if (process.env.BENCH_JSON) {
  fs.writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ checks, runs: runs.map((r) => ({ elapsed: r.elapsed, cpu: r.cpu, server: r.server, dbActivity: r.dbActivity, kinds: Object.fromEntries([...r.stats.kinds].map(([k, b]) => [k, summary(b)])), routes: Object.fromEntries([...r.stats.routes].map(([k, b]) => [k, summary(b)])), health: summary(r.stats.health) })), memory, logErrors: Object.fromEntries(logErrors) }, null, 2),
  );
}

const errors = runs.reduce((n, r) => n + [...r.stats.kinds.values()].reduce((a, b) => a + b.errors, 0), 0);
await cleanup();
// The log stays with the run's folder when something failed; otherwise the folder goes.
if (errors === 0 && checksOk && logErrors.size === 0) fs.rmSync(workDir, { recursive: true, force: true });
process.exit(errors === 0 && checksOk ? 0 : 1);
