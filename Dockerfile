# syntax=docker/dockerfile:1
# The product's image: the same `npm ci` and `npm run build` CI runs, then only what the server needs at run time, as
# the unprivileged `node` user. One image for every instance (docs/deploy.md, "Containers").
#   docker build -t saber-compartilhado .                 # Node 22 (default)
#   docker build --build-arg NODE_VERSION=24 -t saber-compartilhado .
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a change of source alone reuses this layer.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/pglite-legacy/package.json packages/pglite-legacy/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# Lint and tests run in CI (.ci/run); the image builds what CI built and fails on the same bundle budgets.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The server bundle inlines the workspace's code; its npm packages (external to the bundle) come from node_modules.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# PGlite 0.3 and its pg_dump, which convert an embedded database of the previous release on its first start (node_modules links it).
COPY --from=build /app/packages/pglite-legacy packages/pglite-legacy
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the embedded database and local files when no PostgreSQL or bucket is set, and the kept secrets.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# The server drains its requests, stops its jobs and closes the database on SIGTERM (main.ts); give it 30 s.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
