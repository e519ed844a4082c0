import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm test`: lint, the type check and the catalogues' check run beside Jest instead of before it. Each takes a core for
 * a minute or so, and Jest's browser suites leave cores idle while pages load; on two cores the
 * three together finish minutes sooner than one after another. Jest's output streams as it runs;
 * each check's is printed when it ends. Arguments go to Jest.
 */
interface Outcome {
  name: string;
  code: number;
  output: string;
}

function runCheck(name: string, script: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      process.stdout.write(`\n${name}: ${code === 0 ? 'passed' : 'FAILED'}\n${output}`);
      resolve({ name, code: code ?? 1, output });
    });
  });
}

function runJest(args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const jest = path.resolve(__dirname, '../../node_modules/.bin/jest');
    const child = spawn(jest, args, { stdio: 'inherit' });
    child.on('close', (code) => resolve({ name: 'jest', code: code ?? 1, output: '' }));
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const outcomes = await Promise.all([
    runCheck('lint', 'lint'),
    runCheck('typecheck', 'typecheck'),
    runCheck('i18n', 'i18n:check'),
    runJest(process.argv.slice(2)),
  ]);
  const failed = outcomes.filter(({ code }) => code !== 0).map(({ name }) => name);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    failed.length === 0
      ? `\nnpm test: lint, typecheck, i18n and jest passed in ${minutes} min.`
      : `\nnpm test: ${failed.join(', ')} failed (${minutes} min).`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}

void main();
