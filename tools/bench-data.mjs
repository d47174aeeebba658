// `npm run bench:data [-- URL]`: (re)creates a dedicated PostgreSQL database and loads the large data set the
// list benchmarks run on: the migrations and the demo data first (so every demo account signs in
// with its demo password), then, in bulk SQL (generate_series), about
//   100,000 units (items) with ~130,000 versions (item_contents: accented Portuguese titles, full content),
//   1,000 providers with their provider and editor users, 200 institutions with their teams,
//   ~65,000 reviews (some units reviewed twice), 20,000 feedbacks, 1,000,000 audit rows over two years,
//   notice templates and notices, bell notifications, every provider's four galleries (~180,000 files), and the
//   marketplace: plan prices of every approved provider, ~3,000 rents of the 200 institutions, and 200 active rents
//   of the demo institution (its catalogue: ~20,000 units by area).
// The demo provider owns 2,000 of the units; the demo curator and reviewer are assigned a share of reviews.
//
// URL: first argument or BENCH_DATABASE_URL; default postgres://postgres@127.0.0.1:5432/bench. The database is
// DROPPED and recreated: it refuses a database named `test` or `postgres`. BENCH_UNITS scales the units.
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const url = new URL(process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench');
const dbName = url.pathname.replace(/^\//, '');
if (!dbName || ['test', 'postgres', 'template0', 'template1'].includes(dbName)) {
  console.error(`bench:data recreates its database: give it a dedicated one, not "${dbName}".`);
  process.exit(2);
}
const UNITS = Number(process.env.BENCH_UNITS ?? 100_000);
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const FEEDBACKS = Number(process.env.BENCH_FEEDBACKS ?? 20_000);
/** Students' accesses over 12 months (200 institutions × 250 students = 50,000 students). */
const ACCESS_EVENTS = Number(process.env.BENCH_ACCESS_EVENTS ?? 10_000_000);
const STUDENTS_PER_INSTITUTION = 250;
const PROVIDERS = 1000;
const SELLERS = 200;

const started = Date.now();
const step = (label) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${label}`);

// 1. A fresh database.
const adminUrl = new URL(url);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists "${dbName}" with (force)`);
await admin.query(`create database "${dbName}"`);
await admin.end();
step(`database ${dbName} recreated`);

// 2. Migrations and demo data, through the server's own code (TypeScript, loaded by tsx).
const here = import.meta.url;
const { openDatabase } = await tsImport(path.join(root, 'apps/server/src/platform/db.ts'), here);
const { seedDemo } = await tsImport(path.join(root, 'apps/server/src/demo/seed.ts'), here);
const database = await openDatabase({ url: url.toString() });
await seedDemo(database.db);
await database.close();
step('migrations and demo data');

// 3. The bulk data.
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const q = async (label, text) => {
  const t = Date.now();
  const res = await client.query(text);
  step(`${label} (${res.rowCount ?? 0} rows, ${Date.now() - t} ms)`);
  return res;
};
const one = async (text) => (await client.query(text)).rows[0];

const demo = await one(`
  select (select id from users where email = 'admin@demo.sabercompartilhado.com.br') as admin,
         (select password_hash from users where email = 'admin@demo.sabercompartilhado.com.br') as hash,
         (select provider_id from users where email = 'provider@demo.sabercompartilhado.com.br') as provider,
         (select id from users where email = 'provider@demo.sabercompartilhado.com.br') as provider_user,
         (select id from users where email = 'curator@demo.sabercompartilhado.com.br') as curator,
         (select id from users where email = 'review@demo.sabercompartilhado.com.br') as reviewer,
         (select id from users where email = 'manager@demo.sabercompartilhado.com.br') as manager,
         (select seller_id from users where email = 'seller@demo.sabercompartilhado.com.br') as seller`);
const hash = demo.hash.replace(/'/g, "''");

// Word lists for names and titles (SQL arrays; picked by index so the load is deterministic).
const arr = (list) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
const FIRST = arr(['Ana', 'João', 'Márcia', 'José', 'Luís', 'Cecília', 'André', 'Fábio', 'Lúcia', 'Mônica', 'Sérgio', 'Inês', 'Túlio', 'Irene', 'Caio', 'Débora', 'Vinícius', 'Patrícia', 'Otávio', 'Letícia']);
const LAST = arr(['Araújo', 'Gonçalves', 'Simões', 'Conceição', 'Magalhães', 'Brandão', 'Falcão', 'Guimarães', 'Assunção', 'Pereira', 'Lopes', 'Antunes', 'Camargo', 'Ribeiro', 'Peixoto', 'Sá', 'Galvão', 'Nóbrega', 'Mendonça', 'Freitas']);
const COMPANY = arr(['Editora', 'Instituto', 'Núcleo', 'Escola', 'Ateliê', 'Centro de Estudos', 'Laboratório', 'Oficina']);
const PREFIX = arr(['Introdução à', 'Fundamentos de', 'Tópicos de', 'Noções de', 'Práticas de', 'Avaliação em', 'Laboratório de', 'História da', 'Didática da', 'Exercícios de', 'Revisão de', 'Métodos de']);
const SUBJECT = arr([
  'Álgebra Linear', 'Genética', 'Funções Afins', 'Educação Física', 'Química Orgânica', 'Física Quântica', 'Geografia do Brasil',
  'Língua Portuguesa', 'Produção de Texto', 'Estatística Básica', 'Computação Gráfica', 'Programação Orientada a Objetos',
  'Microbiologia', 'Anatomia Humana', 'Ecologia', 'Filosofia Antiga', 'Sociologia Urbana', 'Economia Solidária', 'Psicologia do Desenvolvimento',
  'Cálculo Diferencial', 'Geometria Analítica', 'Trigonometria', 'Termodinâmica', 'Óptica', 'Eletricidade', 'Mecânica dos Sólidos',
  'Literatura Brasileira', 'Redação Científica', 'Ética Profissional', 'Gestão de Projetos', 'Contabilidade', 'Direito Constitucional',
  'Saúde Pública', 'Nutrição', 'Farmacologia', 'Enfermagem', 'Arquitetura de Computadores', 'Redes de Computadores', 'Banco de Dados', 'Inteligência Artificial',
]);
const SUFFIX = arr(['', ' — parte I', ' — parte II', ' na prática', ' para iniciantes', ' aplicada', ': conceitos e exercícios', ' no ensino médio', ' e suas aplicações', ' avançada']);
const INTRO = `<p>${'Nesta unidade você vai estudar os conceitos fundamentais, com exemplos resolvidos, exercícios comentados e uma síntese ao final. '.repeat(10)}</p>`;
const SYNTH = `<p>${'Em síntese: revisamos as definições, as propriedades e as aplicações mais comuns, com atenção às dúvidas frequentes. '.repeat(8)}</p>`;
const TOPICS = JSON.stringify(
  [1, 2, 3].map((n) => ({ title: `Tópico ${n}`, content: `<p>${`Conteúdo do tópico ${n}: explicação, figura e atividade de fixação. `.repeat(20)}</p>` })),
).replace(/'/g, "''");

await q('institutions', `
  insert into sellers (name, company_name, cnpj, plan_id, status, accepted_terms, accepted_late_payment_terms, created_at)
  select 'Faculdade ' || (${LAST})[1 + g % 20] || ' ' || g, 'Faculdade ' || (${LAST})[1 + g % 20] || ' ' || g,
         lpad((10000000000000 + g)::text, 14, '0'), (select min(id) from plans), case when g % 10 = 0 then 'pending' else 'active' end,
         true, true, now() - (g || ' days')::interval
  from generate_series(1, ${SELLERS}) g`);

await q('providers', `
  insert into providers (company_name, name, email, type_person, cnpj, status, condition, description, knowledge_level, created_at, updated_at)
  select (${COMPANY})[1 + g % 8] || ' ' || (${LAST})[1 + (g / 8) % 20] || ' ' || (${FIRST})[1 + g % 20] || ' ' || g,
         (${FIRST})[1 + g % 20] || ' ' || (${LAST})[1 + (g * 7) % 20],
         'fornecedor' || g || '@bench.sabercompartilhado.com.br', 'Fornecedor', lpad((20000000000000 + g)::text, 14, '0'),
         case when g % 25 = 0 then 'rejected' when g % 8 = 0 then 'review' else 'active' end,
         case when g % 5 = 0 then 'premium' else 'basic' end,
         'Conteúdos digitais de qualidade para o ensino superior e a educação básica.', '{2,4}',
         now() - (g % 700 || ' days')::interval, now() - (g % 300 || ' days')::interval
  from generate_series(1, ${PROVIDERS}) g`);

await q('users: provider owners, editors, institution teams, staff', `
  with p as (select id, row_number() over (order by id) n from providers where email like '%@bench.sabercompartilhado.com.br'),
  s as (select id, row_number() over (order by id) n from sellers where cnpj like '1000000%')
  insert into users (name, email, password_hash, type, status, provider_id, seller_id, email_confirmed_at, created_at)
  select (${FIRST})[1 + n % 20] || ' ' || (${LAST})[1 + (n * 3) % 20], 'dono' || n || '@bench.sabercompartilhado.com.br', '${hash}', 'provider',
         'active', id, null::int, now(), now() - (n % 600 || ' days')::interval from p
  union all
  select (${FIRST})[1 + (n + 5) % 20] || ' ' || (${LAST})[1 + (n * 7) % 20], 'editor' || n || '@bench.sabercompartilhado.com.br', '${hash}', 'editor',
         case when n % 9 = 0 then 'inative' else 'active' end, id, null, now(), now() - (n % 500 || ' days')::interval from p
  union all
  select (${FIRST})[1 + (g + 2) % 20] || ' ' || (${LAST})[1 + (g * 11) % 20] || ' ' || g, 'equipe' || g || '@bench.sabercompartilhado.com.br', '${hash}', 'editor',
         case when g % 7 = 0 then 'inative' else 'active' end, ${demo.provider}, null, now(), now() - (g || ' days')::interval
  from generate_series(1, 80) g
  union all
  select (${FIRST})[1 + (s.n + g) % 20] || ' ' || (${LAST})[1 + (s.n * g) % 20], 'inst' || s.n || '.' || g || '@bench.sabercompartilhado.com.br', '${hash}',
         (array['seller_assistent','seller_content_manager','client','user','user'])[g], 'active', null, s.id, now(), now() - (g || ' days')::interval
  from s, generate_series(1, 5) g
  union all
  select (${FIRST})[1 + g % 20] || ' ' || (${LAST})[1 + (g * 13) % 20], 'inst.demo' || g || '@bench.sabercompartilhado.com.br', '${hash}',
         (array['seller_assistent','seller_content_manager','client','user'])[1 + g % 4], case when g % 6 = 0 then 'inative' else 'active' end,
         null, ${demo.seller}, now(), now() - (g || ' days')::interval
  from generate_series(1, 80) g
  union all
  select (${FIRST})[1 + g % 20] || ' ' || (${LAST})[1 + (g * 17) % 20], (case when g <= 20 then 'curador' else 'revisor' end) || g || '@bench.sabercompartilhado.com.br',
         '${hash}', case when g <= 20 then 'curator' else 'review' end, 'active', null, null, now(), now()
  from generate_series(1, 40) g`);

// Units: item i belongs to the demo provider when i % 50 = 0 (2,000 units), else to one of the bench providers.
// Versions: every item has version 1; i % 4 = 0 also version 2; i % 20 = 0 also version 3.
// The latest version's status follows h = (i * 37) % 100; older versions are published ones.
await client.query(`create temporary table bench_providers as select id, row_number() over (order by id) - 1 as n from providers where email like '%@bench.sabercompartilhado.com.br'`);
const firstItem = Number((await one(`select coalesce(max(id), 0) as n from items`)).n);
await q('units (items)', `
  insert into items (provider_id, created_at)
  select case when g % 50 = 0 then ${demo.provider} else p.id end,
         now() - ((g * 13) % 720 || ' days')::interval - (g % 86400 || ' seconds')::interval
  from generate_series(1, ${UNITS}) g join bench_providers p on p.n = (g * 7919) % ${PROVIDERS}
  order by g`);
await client.query(`create temporary table bench_items as select id, row_number() over (order by id) as g, created_at from items where id > ${firstItem}`);
await q('unit versions (item_contents)', `
  with v as (
    select i.id as item_id, i.g, i.created_at, v.version, 1 + (case when i.g % 20 = 0 then 2 when i.g % 4 = 0 then 1 else 0 end) as versions
    from bench_items i cross join lateral generate_series(1, 1 + (case when i.g % 20 = 0 then 2 when i.g % 4 = 0 then 1 else 0 end)) v(version)
  )
  insert into item_contents (item_id, version, status, title, authors, introduction, learning_objectives, synthesis, bibliographic_reference,
    topics, level_of_learning, learning_type, knowledge_ids, created_by, updated_by, created_at, updated_at)
  select v.item_id, v.version,
    case when v.version < v.versions then 'publish' else (
      case when (v.g * 37) % 100 < 45 then 'publish' when (v.g * 37) % 100 < 60 then 'draft' when (v.g * 37) % 100 < 68 then 'send'
           when (v.g * 37) % 100 < 80 then 'analyze' when (v.g * 37) % 100 < 85 then 'correction' when (v.g * 37) % 100 < 95 then 'reproved'
           else 'deleted' end) end,
    (${PREFIX})[1 + v.g % 12] || ' ' || (${SUBJECT})[1 + (v.g / 12) % 40] || (${SUFFIX})[1 + (v.g / 480) % 10],
    array[(${FIRST})[1 + v.g % 20] || ' ' || (${LAST})[1 + v.g % 19]],
    '${INTRO}', array['Compreender os conceitos centrais', 'Aplicar em exercícios'], '${SYNTH}', array['AUTOR, A. Título da obra. São Paulo: Editora, 2020.'],
    '${TOPICS}'::jsonb, array['Graduação'], 'university',
    array[(select min(id) from knowledge_areas where type = 'university') + v.g % 5],
    ${demo.provider_user}, ${demo.provider_user},
    v.created_at + ((v.version - 1) * 30 || ' days')::interval,
    v.created_at + ((v.version - 1) * 30 + v.g % 20 || ' days')::interval
  from v`);

await q('published pointers', `
  update items i set published_content_id = p.id
  from (select distinct on (item_id) id, item_id from item_contents where status = 'publish' order by item_id, version desc) p
  where p.item_id = i.id and i.published_content_id is null`);

// Reviews: every version that went to analysis (analyze, correction, publish, reproved) has a review; one in
// five of the closed ones has an earlier, closed review version too (reopened once).
await client.query(`create temporary table bench_staff as select id, type, row_number() over (partition by type order by id) - 1 as n from users where type in ('curator', 'review')`);
const curators = Number((await one(`select count(*) n from bench_staff where type = 'curator'`)).n);
const reviewers = Number((await one(`select count(*) n from bench_staff where type = 'review'`)).n);
await q('reviews', `
  with c as (
    select c.id, c.status, c.created_at, c.id % 1000 as h from item_contents c join bench_items i on i.id = c.item_id
    where c.status in ('analyze', 'correction', 'publish', 'reproved')
  ), r as (
    select c.*, 1 as version, (c.status in ('publish', 'reproved') and c.h % 5 = 0) as reopened from c
    union all
    select c.*, 2, true from c where c.status in ('publish', 'reproved') and c.h % 5 = 0
  )
  insert into reviews (item_content_id, version, curator_id, reviewer_id, manager_id, curator_status, reviewer_status, manager_status, active,
    curation_started_at, revision_started_at, created_at, updated_at)
  select r.id, r.version, cu.id, re.id,
    ${demo.manager},
    case when r.status = 'analyze' and r.h % 2 = 0 then null else 'approved' end,
    case when r.status in ('analyze', 'correction') then (case when r.status = 'correction' then 'correction' else null end)
         when r.reopened and r.version = 1 then 'reproved' else 'approved' end,
    case when r.status in ('analyze', 'correction') then null when r.status = 'reproved' or (r.reopened and r.version = 1) then 'reproved' else 'approved' end,
    r.status in ('analyze', 'correction'),
    r.created_at + interval '1 day', r.created_at + interval '2 days',
    r.created_at + (r.version || ' days')::interval, r.created_at + (r.version + 3 || ' days')::interval
  from r join bench_staff cu on cu.type = 'curator' and cu.n = r.h % ${curators}
         join bench_staff re on re.type = 'review' and re.n = (r.h / 7) % ${reviewers}`);

await q('feedbacks', `
  with c as (select id, title, row_number() over (order by id) n from item_contents where status = 'publish'),
  total as (select count(*) t from c)
  insert into item_feedbacks (item_content_id, unit_name, error_type, error_description, reporter_id, status, created_at, updated_at)
  select c.id, c.title,
    (array['O vídeo não carrega','Vídeo com baixa qualidade','Conteúdo do texto não corresponde ao vídeo','Imagens ou fluxos com erros',
           'Botões não funcionam','Problemas de carregamento','Conteúdo ofensivo','Erros nas respostas das atividades',
           'Erros em fórmulas ou códigos','Erros de ortografia'])[1 + g % 10],
    'Na página ' || (g % 7 + 1) || ', o conteúdo apresenta um problema: a explicação está incompleta e a figura não aparece corretamente.',
    ${demo.admin}, (array['created','viewed','in_analysis','resolved','closed'])[1 + g % 5],
    now() - (g % 700 || ' days')::interval - (g % 3600 || ' seconds')::interval, now() - (g % 300 || ' days')::interval
  from generate_series(1, ${FEEDBACKS}) g cross join total join c on c.n = 1 + (g * 7919) % total.t`);

await client.query(`create temporary table bench_users as select id, seller_id, row_number() over (order by id) - 1 as n from users`);
const userCount = Number((await one(`select count(*) n from bench_users`)).n);
await q('audit log (two years)', `
  insert into audit_logs (user_id, seller_id, action, data, created_at)
  select u.id, u.seller_id,
    (array['logged','logged','logged','logged_out','updated_unity','created_unity','update_unit_status','delegate_unity','edit_user','updated_profile'])[1 + g % 10],
    case when g % 3 = 0 then jsonb_build_object('itemContentId', g % 100000) else '{}'::jsonb end,
    now() - (g::double precision / ${AUDIT_ROWS} * 730 || ' days')::interval
  from generate_series(1, ${AUDIT_ROWS}) g join bench_users u on u.n = (g::bigint * 7919) % ${userCount}`);

await q('notice templates', `
  insert into notice_templates (title, html_content, requires_read_confirmation, created_at, updated_at)
  select 'Comunicado ' || g || ': atualização do catálogo', '<p>Prezada instituição, informamos as novidades do catálogo de unidades.</p>', g % 3 = 0,
    now() - (g || ' hours')::interval, now() - (g || ' hours')::interval
  from generate_series(1, 500) g`);
await q('notices', `
  insert into seller_notices (template_id, target_type, created_by, created_at, updated_at)
  select (select min(id) from notice_templates) + g % 500, case when g % 4 = 0 then 'SELECTED' else 'ALL' end, ${demo.admin},
    now() - (g || ' hours')::interval, now() - (g || ' hours')::interval
  from generate_series(1, 5000) g`);
await q('notice targets', `
  insert into seller_notice_targets (notice_id, seller_id)
  select n.id, s.id from seller_notices n join sellers s on s.id % 10 = n.id % 10 where n.target_type = 'SELECTED'`);
await q('bell notifications', `
  insert into notifications (user_id, text, read, created_at)
  select u.id, '<p>A unidade <strong>' || g || '</strong> mudou de status.</p>', g % 3 <> 0, now() - (g || ' hours')::interval
  from users u, generate_series(1, 40) g where u.email like '%@demo.sabercompartilhado.com.br'`);

// Galleries: every provider has its four (images, infographics, questions, pdfs); the demo provider's hold 5,000
// files each, the others 40 each (~180,000 files).
await q('galleries', `
  insert into galleries (provider_id, name, created_at)
  select p.id, k.name, now() - interval '700 days'
  from providers p cross join (values ('images'), ('infographics'), ('questions'), ('pdfs')) k(name)
  on conflict (provider_id, name) do nothing`);
await q('gallery files', `
  insert into gallery_files (gallery_id, filename, storage_key, size_bytes, created_at)
  select g.id, 'arquivo-' || n || '.png', 'galleries/bench-' || g.id || '-' || n || '.png', 1000 + n,
    now() - (n || ' hours')::interval
  from galleries g cross join lateral generate_series(1, case when g.provider_id = ${demo.provider} then 5000 else 40 end) n`);

// Marketplace: every approved provider priced on every plan (R$ 550 to R$ 20.000 a month, in centavos),
// each bench institution on one of the plans, and ~3,000 rents (each institution rents 15 providers: mostly active,
// some requested, waiting or canceled), with their history; then the store's facts on every provider (the units
// were loaded after the migration's backfill).
await q('plan prices', `
  insert into plan_prices (plan_id, provider_id, value_cents)
  select pl.id, p.id, (55000 + ((p.id * 7919 + pl.id * 104729) % 1945001))::int
  from providers p cross join plans pl
  where p.status = 'active' and not p.is_service_provider
  on conflict do nothing`);
await q('institution plans', `
  update sellers set plan_id = (select id from plans order by id offset (sellers.id % 3) limit 1)
  where cnpj like '1000000%'`);
await q('rents', `
  insert into rents (seller_id, provider_id, plan_id, value_cents, status, created_at, updated_at)
  select s.id, p.id, s.plan_id, pp.value_cents,
    case when (s.id + k) % 10 < 7 then 'active' when (s.id + k) % 10 = 7 then 'requested' when (s.id + k) % 10 = 8 then 'waiting' else 'canceled' end,
    now() - (((s.id * 13 + k * 17) % 700) || ' days')::interval, now()
  from sellers s
  cross join generate_series(1, 15) k
  join lateral (select id from providers where status = 'active' and not is_service_provider order by id offset ((s.id * 31 + k * 53) % 800) limit 1) p on true
  join plan_prices pp on pp.plan_id = s.plan_id and pp.provider_id = p.id
  where s.cnpj like '1000000%'
  on conflict do nothing`);
// The demo institution's catalogue: it actively rents the 200 providers with the most published units.
await q('demo institution rents', `
  insert into rents (seller_id, provider_id, plan_id, value_cents, status, created_at, updated_at)
  select s.id, p.id, s.plan_id, pp.value_cents, 'active', now() - ((p.n % 300) || ' days')::interval, now()
  from (select id, plan_id from sellers where id = ${demo.seller}) s
  cross join lateral (
    select pr.id, row_number() over (order by count(*) desc, pr.id) n
    from providers pr join items i on i.provider_id = pr.id and i.published_content_id is not null
    where pr.status = 'active' and not pr.is_service_provider
    group by pr.id order by count(*) desc, pr.id limit 200) p
  join plan_prices pp on pp.plan_id = s.plan_id and pp.provider_id = p.id
  on conflict do nothing`);
await q('rent history', `
  insert into rent_history (rent_id, status, at)
  select id, status, created_at from rents r where not exists (select 1 from rent_history h where h.rent_id = r.id)`);
await q('store facts', `
  update providers p set published_units = f.n, published_knowledge_ids = f.k, published_levels = f.l
  from (
    select i.provider_id as id, count(*)::int as n,
      coalesce(array_agg(distinct kk) filter (where kk is not null), '{}') as k,
      coalesce(array_agg(distinct ll) filter (where ll is not null), '{}') as l
    from items i join item_contents c on c.id = i.published_content_id
    left join lateral unnest(c.knowledge_ids) kk on true
    left join lateral unnest(c.level_of_learning) ll on true
    group by i.provider_id
  ) f where p.id = f.id`);

// Students' accesses. Each institution (the 200 bench institutions; the demo institution is one of them
// for the reports) has 250 students who open units of its active rents in sessions of 4 openings, about once a week,
// over the last 12 months; each month the institution's courses use 40 of its units. Raw inserts without the FK
// triggers (session_replication_role = replica: the rows are consistent by construction), then the server's own fold.
await client.query(`set session_replication_role = replica`);
await q('access events (12 months)', `
  insert into access_events (seller_id, student_id, item_id, item_content_id, provider_id, source, occurred_at)
  with su as (
    select s.n, s.id as seller_id, u.items, u.contents, u.providers, cardinality(u.items) as k
    from (select id, row_number() over (order by id) - 1 as n from sellers where cnpj like '1000000%' or id = ${demo.seller}) s
    cross join lateral (
      select array_agg(i.id order by i.id) items, array_agg(i.published_content_id order by i.id) contents, array_agg(i.provider_id order by i.id) providers
      from (select i.id, i.published_content_id, i.provider_id from rents r join items i on i.provider_id = r.provider_id and i.published_content_id is not null
            where r.seller_id = s.id and r.status = 'active' order by (i.id * 2654435761::bigint) % 1000003 limit 400) i) u
    where u.items is not null
  ),
  per as (select ceil(${ACCESS_EVENTS}::numeric / (select count(*) from su))::int as n)
  select su.seller_id,
         'aluno-' || su.seller_id || '-' || (g % ${STUDENTS_PER_INSTITUTION}),
         su.items[1 + idx], su.contents[1 + idx], su.providers[1 + idx], case when g % 3 = 0 then 'lms' else 'link' end,
         now() - make_interval(days => day_back, mins => ((g / ${STUDENTS_PER_INSTITUTION}) % 4) * 7 + ((g % ${STUDENTS_PER_INSTITUTION}) * 37) % 600)
  from su cross join per cross join generate_series(0, per.n - 1) g
  cross join lateral (select ((g / ${STUDENTS_PER_INSTITUTION} / 4) * 7 + (g % ${STUDENTS_PER_INSTITUTION}) % 7) % 365 as day_back) d
  cross join lateral (select ((((12 - day_back / 31) * 40 + ((g * 2654435761::bigint) % 40)) % su.k))::int as idx) x
  order by 7`);
await client.query(`set session_replication_role = origin`);
{
  const t = Date.now();
  const { foldAccesses } = await tsImport(path.join(root, 'apps/server/src/modules/reports/access-rollups.ts'), here);
  const folding = await openDatabase({ url: url.toString() });
  const n = await foldAccesses(folding.db);
  await folding.close();
  step(`access rollups folded (${n} events, ${Date.now() - t} ms)`);
}

// The fold took the 10 million events in chunks, rewriting every student's and unit's rollup rows each time: ~50 dead
// versions of each (access_student_activity was 963 MB for 33 MB of rows). A live database folds a few seconds of
// events at a time and autovacuum reuses the space; compacted here so the reports are measured on tables of that size.
await q('rollups compacted', 'vacuum (full) access_student_activity, access_item_months, access_unit_months, access_scope_months, access_student_days, access_student_months');
await q('vacuum analyze', 'vacuum analyze');
const counts = await one(`select (select count(*) from items) items, (select count(*) from item_contents) contents, (select count(*) from providers) providers,
  (select count(*) from users) users, (select count(*) from reviews) reviews, (select count(*) from item_feedbacks) feedbacks,
  (select count(*) from audit_logs) audit, (select count(*) from seller_notices) notices, (select count(*) from gallery_files) gallery_files,
  (select count(*) from rents) rents, (select count(*) from plan_prices) plan_prices, (select count(*) from access_events) access_events,
  (select count(*) from access_student_days) access_student_days,
  (select count(*) from access_student_months) access_student_months, (select count(*) from access_unit_months) access_unit_months`);
await client.end();
console.log(`\nLoaded in ${((Date.now() - started) / 1000).toFixed(0)} s into ${url.host}/${dbName}:`, counts);
