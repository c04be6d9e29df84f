# syntax=docker/dockerfile:1
# One image for the api, the worker and the migrate step (docker-compose.yml picks the entry point).
# The TypeScript sources run directly through swc (scripts/register.js), as with `npm start`; only the web
# client is built (the api serves frontend/dist).
ARG NODE_IMAGE=node:24-slim

# --- manifests: only package.json files and the lockfile, so `npm ci` below stays cached until dependencies
# change (a plain COPY of globs would flatten the workspace folders).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -depth -mindepth 1 -type d -empty -delete

# --- deps: production dependencies from the lockfile; workspaces become node_modules/@tbo/* links.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /src ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error && npm cache clean --force

# --- web: the React client, built with the dev dependencies (Vite); only its dist reaches the runtime.
FROM ${NODE_IMAGE} AS web
WORKDIR /app
COPY --from=manifests /src ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN node node_modules/vite/bin/vite.js build --config frontend/vite.config.ts --logLevel warn

# --- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    STORAGE_DIR=/data/storage \
    PORT=3000
WORKDIR /app
# node_modules (root and any nested workspace ones) from deps, then the sources; .dockerignore keeps the
# context's node_modules, tests and local state out, so nothing here overwrites the installed packages.
COPY --from=deps /app ./
COPY . .
COPY --from=web /app/frontend/dist ./frontend/dist
# The file storage volume is mounted here; create it owned by the runtime user so a new named volume
# inherits that ownership.
RUN mkdir -p /data/storage && chown node:node /data/storage
USER node
EXPOSE 3000
CMD ["node", "-r", "./scripts/register.js", "apps/api/src/main.ts"]
