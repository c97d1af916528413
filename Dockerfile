# The campaign back-office as a container image: the release artefact
# (`npm run package`) on Node.js 24, run as an unprivileged user.
#
#   docker build -t campaign-backoffice .
#   docker compose up        (compose.yaml: two processes, PostgreSQL, Redis, MinIO, Mailpit)
#
# The build stage installs the workspace and builds the artefact; the final
# stage holds nothing but the artefact (docs/operations.md, "Container image
# and compose").

FROM node:24-slim AS build
WORKDIR /src
# The manifests first: the installed packages stay cached while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run package -- --out /release \
    && mv /release/campaign-backoffice-*/ /release/artefact

FROM node:24-slim
ARG VERSION=0.1.0
LABEL org.opencontainers.image.title="campaign-backoffice" \
      org.opencontainers.image.description="German-language back-office in which merchants manage promotional campaigns: API, sign-in provider and web app in one process." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="UNLICENSED"
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /release/artefact/ /app/
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/bundle/main.js"]
