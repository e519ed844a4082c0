import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { committedOpenApiPath, openApiText } from '../../scripts/contract/write-openapi';
import { specCalls } from './support/spec-calls';
import { testDatabaseAndApi } from './support/database-and-api';
import { call } from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

const host = testDatabaseAndApi();

const committed = () => readFileSync(committedOpenApiPath, 'utf8');

test('docs/api/openapi.json is the document the schemas generate (npm run openapi rewrites it)', () => {
  expect(committed()).toBe(openApiText());
});

test('the host serves the committed document at GET /api/v1/openapi.json, without a token', async () => {
  const answer = await call(`${host.api.url}/api/v1/openapi.json`, 'GET');

  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(JSON.parse(committed()));
});

test('the document names every call of docs/contract.md §7, with bearer authentication', () => {
  const document = JSON.parse(committed()) as {
    openapi: string;
    paths: Record<string, Record<string, { security?: unknown[] }>>;
    components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  };
  const operations = Object.entries(document.paths).flatMap(([route, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`),
  );

  expect(document.openapi).toBe('3.1.0');
  expect(operations).toEqual(expect.arrayContaining([...specCalls]));
  expect(document.components.securitySchemes.bearerAuth).toMatchObject({
    type: 'http',
    scheme: 'bearer',
  });
  expect(document.paths['/api/v1/permits/']?.get?.security).toEqual([{ bearerAuth: [] }]);
});

test('the document lints with no errors under Redocly’s CLI', async () => {
  const redocly = path.resolve(__dirname, '../../node_modules/.bin/redocly');
  const { stdout, stderr } = await promisify(execFile)(
    redocly,
    ['lint', '--format=summary', committedOpenApiPath],
    {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`redocly lint failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });

  expect(`${stdout}${stderr}`).toMatch(/valid/i);
});
