# syntax=docker/dockerfile:1
# Hoops Exchange: one Node process serving the game on $PORT, its SQLite ledger in $DATA_DIR.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# A font for the text of the season recap cards (sharp draws them from SVG with the system's fonts),
# and jemalloc: with glibc's malloc, the memory a league's SQLite connection frees when the league
# closes stays with the process; jemalloc hands it back, so a server whose leagues idle out shrinks.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core libjemalloc2 && rm -rf /var/lib/apt/lists/* \
 && ln -s "$(find /usr/lib -name libjemalloc.so.2 | head -n 1)" /usr/local/lib/libjemalloc.so.2
# Its background thread returns freed memory on its own: an idle server allocates too little to make it do so.
# A young generation twice V8's default (16 MB semi-spaces) collects a busy server's short-lived
# answers less often: about 3 points less CPU on the bench's evening (docs/perf-log.md).
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true \
    NODE_OPTIONS=--max-semi-space-size=32
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/roster ./roster
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM closes connections and the database cleanly.
STOPSIGNAL SIGTERM
CMD ["node", "dist/node/server/main.js"]
