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
