# The site as one container: docs/operating/container.md, docs/decisions/053-container-image.md.
#
#   docker build -t houston-site .          (or podman build --format docker: keeps the HEALTHCHECK)
#   docker run -p 3000:3000 -v site-data:/data houston-site
#
# BASE is any Debian-based Node 24 image with npm. By default the official one; where no registry
# is reachable, a base made from Debian packages (node scripts/container/base-image.ts).
ARG BASE=node:24-bookworm-slim

# --- build: every package, then the site's build (what `npm run build` makes) ---
FROM ${BASE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `build` is a link to .builds/<hash>-<time>/ (scripts/site-build.ts): keep the folder it names as
# a plain `build` folder, the one the runtime serves.
RUN NODE_ENV=production node scripts/build.ts \
  && mkdir /out \
  && cp -a "$(readlink -f build)" /out/build

# --- runtime: production packages, the sources the server runs, the build ---
FROM ${BASE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
# A font for the share card drawn from the business name (app/server/site/share-card.server.ts):
# slim images have none, and sharp would draw the card without its words. apt's lists and its
# package caches (80 MB on a base without the official image's apt settings) are not kept.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && apt-get clean \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
WORKDIR /app
COPY package.json package-lock.json ./
# TypeScript (31 MB) comes along as an optional peer of @react-router/node, which --omit=dev keeps
# (the lockfile marks it devOptional); nothing imports it at run time: Node strips the types itself.
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/@typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
  && npm cache clean --force
# Node runs server/ and app/ as they are (type stripping); the inputs of the build's hash come
# along too, so `npm start` here would also find the build up to date instead of building.
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/public ./public
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/vite.config.ts /app/react-router.config.ts /app/tsconfig.json /app/.env.example ./
COPY --from=build /out/build ./build
# A user of its own with a fixed id (a host folder mounted at /data must belong to 10001), owning
# only /data: the code and the build stay read-only to the process.
RUN groupadd --gid 10001 site \
  && useradd --uid 10001 --gid site --home-dir /data --no-create-home --shell /usr/sbin/nologin site \
  && mkdir -p /data \
  && chown site:site /data \
  && chmod 700 /data
USER site
VOLUME /data
EXPOSE 3000
# Node's own fetch: slim images have no curl. /healthz answers 503 once a stop has begun.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself is PID 1 (no npm, no shell in between): SIGTERM reaches it, it stops taking
# requests, finishes those in flight and the email being sent, and exits 0 within
# SHUTDOWN_TIMEOUT_SECONDS (10 by default): give `docker stop` more (-t 20, stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server/main.ts"]
