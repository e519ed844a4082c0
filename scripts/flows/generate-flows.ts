import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import type { AnyEventObject } from 'xstate';
import { flowDocPath, flowModels } from '../../machines/flow-models/flow-models';
import { flowDoc, flowIndex, replay } from './flow-docs';

const repository = path.resolve(__dirname, '../..');

/** The index of the flow docs; each flow's own page is beside its machine (`flowDocPath`). */
export const flowIndexPath = 'docs/flows.md';

/**
 * Every flow doc, by its path in the repository, formatted as the repository's Prettier formats
 * Markdown: the index and one page beside each machine.
 */
export async function renderFlowDocs(): Promise<Map<string, string>> {
  const options = (await prettier.resolveConfig(path.join(repository, flowIndexPath))) ?? {};
  const files = new Map<string, string>();
  const format = (text: string) => prettier.format(text, { ...options, parser: 'markdown' });
  files.set(flowIndexPath, await format(flowIndex(flowModels)));
  for (const model of flowModels) files.set(flowDocPath(model), await format(flowDoc(model)));
  return files;
}

/** The flow pages on disk: every `*-flow.md` under `machines/`. */
function flowPagesOnDisk(): string[] {
  return fs
    .readdirSync(path.join(repository, 'machines'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('-flow.md'))
    .map((name) => path.posix.join('machines', name.split(path.sep).join('/')));
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
  const extra = flowPagesOnDisk().filter((name) => !rendered.has(name));
  if (argv.includes('--check')) {
    const stale = [...rendered]
      .filter(([name, text]) => {
        const file = path.join(repository, name);
        return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;
      })
      .map(([name]) => name);
    if (stale.length + extra.length > 0) {
      console.error(
        `The flow docs are stale (${[...stale, ...extra].join(', ')}): run npm run flows and commit them.`,
      );
      process.exitCode = 1;
    } else {
      console.log(`The flow docs are up to date for ${flowModels.length} statecharts.`);
    }
    return;
  }
  for (const name of extra) fs.rmSync(path.join(repository, name));
  for (const [name, text] of rendered) fs.writeFileSync(path.join(repository, name), text);
  console.log(`Wrote the flow docs for ${flowModels.length} statecharts.`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
