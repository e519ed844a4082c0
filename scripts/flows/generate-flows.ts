import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import type { AnyEventObject } from 'xstate';
import { flowModels } from '../../test/machines/flow-models';
import { flowDoc, flowIndex, replay } from './flow-docs';

const flowsDir = path.resolve(__dirname, '../../docs/flows');

/** Every file of `docs/flows`, by name, formatted as the repository's Prettier formats Markdown. */
export async function renderFlowDocs(): Promise<Map<string, string>> {
  const options = (await prettier.resolveConfig(path.join(flowsDir, 'README.md'))) ?? {};
  const files = new Map<string, string>();
  const format = (text: string) => prettier.format(text, { ...options, parser: 'markdown' });
  files.set('README.md', await format(flowIndex(flowModels)));
  for (const model of flowModels) files.set(`${model.name}.md`, await format(flowDoc(model)));
  return files;
}

async function main(argv: string[]): Promise<void> {
  const replayAt = argv.indexOf('--replay');
  if (replayAt !== -1) {
    const [machineName, eventsFile] = argv.slice(replayAt + 1);
    if (!machineName || !eventsFile) {
      throw new Error('Usage: npm run flows -- --replay <machine> <events.json>');
    }
    const events = JSON.parse(fs.readFileSync(eventsFile, 'utf8')) as AnyEventObject[];
    for (const line of replay(machineName, events)) console.log(line);
    return;
  }
  const rendered = await renderFlowDocs();
  if (argv.includes('--check')) {
    const onDisk = fs.existsSync(flowsDir) ? fs.readdirSync(flowsDir) : [];
    const stale = [
      ...[...rendered].filter(
        ([name, text]) =>
          !fs.existsSync(path.join(flowsDir, name)) ||
          fs.readFileSync(path.join(flowsDir, name), 'utf8') !== text,
      ),
    ].map(([name]) => name);
    const extra = onDisk.filter((name) => !rendered.has(name));
    if (stale.length + extra.length > 0) {
      console.error(
        `docs/flows is stale (${[...stale, ...extra].join(', ')}): run npm run flows and commit it.`,
      );
      process.exitCode = 1;
    } else {
      console.log(`docs/flows is up to date for ${flowModels.length} statecharts.`);
    }
    return;
  }
  fs.mkdirSync(flowsDir, { recursive: true });
  for (const name of fs.readdirSync(flowsDir)) {
    if (!rendered.has(name)) fs.rmSync(path.join(flowsDir, name));
  }
  for (const [name, text] of rendered) {
    fs.writeFileSync(path.join(flowsDir, name), text);
  }
  console.log(`Wrote docs/flows for ${flowModels.length} statecharts.`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
