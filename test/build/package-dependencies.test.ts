import { readFileSync } from 'node:fs';
import path from 'node:path';

const manifest = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'),
) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

// Type declarations are needed to compile, never to run: a production install leaves them out.
test('type declaration packages are development dependencies only', () => {
  expect(Object.keys(manifest.dependencies).filter((name) => name.startsWith('@types/'))).toEqual(
    [],
  );
  expect(manifest.devDependencies['@types/nodemailer']).toBeDefined();
});

// docs/decisions/008-the-named-stack.md: react-router 7 is one package; its react-router-dom shim
// beside it would be two names for one library.
test('the router is react-router alone, and the stack named in decision 008 is present', () => {
  const all = { ...manifest.dependencies, ...manifest.devDependencies };
  expect(all['react-router']).toBeDefined();
  expect(all['react-router-dom']).toBeUndefined();
  for (const name of ['@chakra-ui/react', '@emotion/react', 'framer-motion', 'xstate', 'luxon']) {
    expect(manifest.dependencies[name]).toBeDefined();
  }
});
