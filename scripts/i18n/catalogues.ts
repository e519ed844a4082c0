import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';

/**
 * `npm run i18n` (`write`): extracts every text from the code into the catalogues
 * (lingui.config.ts) and compiles the ones the code loads (Welsh, and the pseudo-locale the tests
 * use to find text that bypasses the catalogue) into TypeScript modules beside them.
 * `npm run i18n:check` (`check`, part of `npm test`): lists, for each catalogue and language, the
 * texts the code has that the catalogue lacks (missing), the texts the catalogue has that the code
 * no longer uses (unused), the Welsh texts not yet translated, a translation that does not
 * compile, and a compiled module that is not the catalogue's; fails on any.
 */
const compiledLocales = ['cy', 'pseudo'];

async function main(mode: string): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const config = getConfig({ cwd: root });
  const sourceLocale = config.sourceLocale ?? 'en';
  const problems: string[] = [];
  for (const catalog of await getCatalogs(config)) {
    const name = path.relative(root, catalog.path);
    if (mode === 'write') {
      await catalog.make({
        clean: true,
        overwrite: false,
        locale: config.locales,
        orderBy: 'messageId',
      });
    } else {
      const inCode = new Set(Object.keys((await catalog.collect()) ?? {}));
      const written = await catalog.readAll();
      for (const locale of config.locales) {
        const entries = written[locale] ?? {};
        const list = (label: string, ids: string[]) => {
          if (ids.length > 0) problems.push(`${name} (${locale}) ${label}:\n  ${ids.join('\n  ')}`);
        };
        list(
          'missing',
          [...inCode].filter((id) => !(id in entries)),
        );
        list(
          'unused',
          Object.keys(entries).filter((id) => !inCode.has(id)),
        );
        if (locale !== sourceLocale && locale !== config.pseudoLocale) {
          list(
            'not translated',
            Object.keys(entries).filter((id) => inCode.has(id) && !entries[id]?.translation),
          );
        }
      }
    }
    for (const locale of compiledLocales) {
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales ?? {},
        sourceLocale,
      });
      const { source, errors } = createCompiledCatalog(locale, messages, {
        namespace: 'ts',
        pseudoLocale: config.pseudoLocale,
      });
      for (const error of errors) {
        problems.push(`${name} (${locale}) does not compile: ${error.id}: ${String(error.error)}`);
      }
      const file = `${catalog.getFilename(locale).replace(/\.po$/, '')}.ts`;
      if (mode === 'write') fs.writeFileSync(file, source);
      else if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) {
        problems.push(
          `${path.relative(root, file)} is not its catalogue compiled: run npm run i18n`,
        );
      }
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  } else if (mode === 'check') {
    console.log(
      'i18n: every catalogue has every text, uses all it has, and is translated and compiled.',
    );
  }
}

const mode = process.argv[2] ?? 'check';
if (mode !== 'write' && mode !== 'check') throw new Error('Usage: catalogues.ts write|check');
void main(mode);
