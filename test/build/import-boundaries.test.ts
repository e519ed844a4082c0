import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

// The architecture's import directions are enforced by lint alone; these probes prove that the
// rules still fire, so a config change cannot quietly switch them off.
// The config is handed over as an object: ESLint would load the file with a dynamic import(),
// which Jest does not run.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const projectConfig = require('../../eslint.config.js');
const eslint = new ESLint({
  cwd: path.resolve(__dirname, '../..'),
  overrideConfigFile: true,
  overrideConfig: projectConfig,
});

async function violationsOf(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, {
    filePath: path.resolve(__dirname, '../..', filePath),
  });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

test.each([
  [
    'machines/probe.ts',
    "import { useState } from 'react';\nexport const probe = useState;\n",
    /framework-free/,
  ],
  [
    'machines/probe.ts',
    "import axios from 'axios';\nexport const probe = axios;\n",
    /framework-free/,
  ],
  [
    'machines/probe.ts',
    "import { paths } from '../src/shell/pages';\nexport const probe = paths;\n",
    /never imports the app/,
  ],
  // The flow models are where tests and scripts meet, so neither imports the other's side.
  [
    'scripts/flows/probe.ts',
    "import { screenPathsOf } from '../../test/screens/screen-model-paths';\nexport const probe = screenPathsOf;\n",
    /Nothing outside test\/ imports a test/,
  ],
  [
    'machines/flow-models/probe.ts',
    "import { createMachineDriver } from '../../test/machines/model-path-tests';\nexport const probe = createMachineDriver;\n",
    /Nothing outside test\/ imports a test/,
  ],
  [
    'server/probe.ts',
    "import { sessionMachine } from '../machines/session-machine';\nexport const probe = sessionMachine;\n",
    /never imports the web app/,
  ],
  [
    'contract/probe.ts',
    "import { sessionMachine } from '../machines/session-machine';\nexport const probe = sessionMachine;\n",
    /depends on nothing but itself/,
  ],
  [
    'contract/probe.ts',
    "import { createDocument } from 'zod-openapi';\nexport const probe = createDocument;\n",
    /depends on nothing but itself/,
  ],
  [
    'src/shell/probe.ts',
    "import { openApiDocument } from '../../contract/openapi';\nexport const probe = openApiDocument;\n",
    /the app never carries it/,
  ],
  [
    'machines/probe.ts',
    "import { openApiDocument } from '../contract/openapi';\nexport const probe = openApiDocument;\n",
    /the app never carries it/,
  ],
  [
    'src/features/guide/probe.ts',
    "import { LoginScreen } from '../auth/login/login-screen';\nexport const probe = LoginScreen;\n",
    /Features may not import each other/,
  ],
  [
    'src/shell/probe.ts',
    "import { getAuth } from 'firebase/auth';\nexport const probe = getAuth;\n",
    /Firebase sits behind src\/identity/,
  ],
  // The shell composes the features and knows none of their actors.
  [
    'src/shell/probe.ts',
    "import { loginActors } from '../features/auth/login/login-actors';\nexport const probe = loginActors;\n",
    /Only the page list in src\/shell\/pages.ts may reach into features/,
  ],
  [
    'src/shared/probe.ts',
    "import { addPermitActors } from '../features/permits/add-permit/add-permit-actors';\nexport const probe = addPermitActors;\n",
    /Only the page list in src\/shell\/pages.ts may reach into features/,
  ],
])('%s may not import what this code imports', async (filePath, code, expected) => {
  const violations = await violationsOf(filePath, code);
  expect(violations.map(({ message }) => message).join('\n')).toMatch(expected);
});

test('the same imports are fine where the architecture allows them', async () => {
  expect(
    await violationsOf(
      'src/identity/probe.ts',
      "import { getAuth } from 'firebase/auth';\nexport const probe = getAuth;\n",
    ),
  ).toEqual([]);
  expect(
    await violationsOf(
      'server/probe.ts',
      "import { permitStatuses } from '../contract/permit-status';\nexport const probe = permitStatuses;\n",
    ),
  ).toEqual([]);
  expect(
    await violationsOf(
      'machines/probe.ts',
      "import { permitStatuses } from '../contract/permit-status';\nexport const probe = permitStatuses;\n",
    ),
  ).toEqual([]);
  expect(
    await violationsOf(
      'scripts/flows/probe.ts',
      "import { flowModels } from '../../machines/flow-models/flow-models';\nexport const probe = flowModels;\n",
    ),
  ).toEqual([]);
  expect(
    await violationsOf(
      'contract/probe.ts',
      "import { permitStatuses } from './permit-status';\nexport const probe = permitStatuses;\n",
    ),
  ).toEqual([]);
  expect(
    await violationsOf(
      'contract/probe.ts',
      "import { DateTime } from 'luxon';\nexport const probe = DateTime;\n",
    ),
  ).toEqual([]);
  expect(
    await violationsOf('contract/probe.ts', "import { z } from 'zod';\nexport const probe = z;\n"),
  ).toEqual([]);
  expect(
    await violationsOf(
      'src/features/auth/probe.ts',
      "import { paths } from '../../shell/pages';\nexport const probe = paths;\n",
    ),
  ).toEqual([]);
  expect(
    await violationsOf(
      'src/features/dashboard/probe.ts',
      "import { dashboardActors } from '../../shared/dashboard-actors';\nexport const probe = dashboardActors;\n",
    ),
  ).toEqual([]);
});

// In a page, contract/'s schemas are made after zod is told not to try eval, which the pages'
// content security policy refuses (contract/zod-in-a-page.ts): each module imports that first.
test('every module of contract/ that imports zod imports zod-in-a-page before it', () => {
  const contract = path.resolve(__dirname, '../../contract');
  const sources = fs
    .readdirSync(contract)
    .filter((file) => file.endsWith('.ts') && file !== 'zod-in-a-page.ts')
    .map((file) => ({ file, source: fs.readFileSync(path.join(contract, file), 'utf8') }))
    .filter(({ source }) => /from 'zod'/.test(source));
  expect(sources.map(({ file }) => file)).toEqual(
    expect.arrayContaining(['permit.ts', 'visitor-pass.ts', 'auth.ts']),
  );
  expect(
    sources
      .filter(({ source }) => {
        const told = source.indexOf("import './zod-in-a-page';");
        return told < 0 || told > source.indexOf("from 'zod'");
      })
      .map(({ file }) => file),
  ).toEqual([]);
});
