import { transformSync } from '@babel/core';
import { setupI18n } from '@lingui/core';

/**
 * scripts/i18n/babel-plugin-compile-english.cjs: English shown in a browser comes compiled from
 * the build, since the browser has no message compiler (src/i18n/i18n.ts shows what still arrives
 * as a string as written).
 */
function compile(code: string): string {
  const output = transformSync(code, {
    babelrc: false,
    configFile: false,
    filename: 'screen.tsx',
    presets: [['@babel/preset-react', { runtime: 'classic' }]],
    plugins: [require.resolve('../../scripts/i18n/babel-plugin-compile-english.cjs')],
  });
  return output?.code ?? '';
}

/** Runs compiled code against a Lingui without a compiler, as a production browser has. */
function showInBrowser(code: string): unknown {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  i18n.setMessagesCompiler((message) => [message]);
  return new Function('i18n', `return ${compile(code).replace(/;$/, '')}`)(i18n);
}

test('a message with a placeholder reads with its value in English', () => {
  expect(showInBrowser(`i18n._('Sign in to {appName}', { appName: 'Kerbside' })`)).toBe(
    'Sign in to Kerbside',
  );
});

test('an English plural reads by its count', () => {
  const message = `'{count, plural, one {# permit} other {# permits}}'`;
  expect(showInBrowser(`i18n._(${message}, { count: 1 })`)).toBe('1 permit');
  expect(showInBrowser(`i18n._(${message}, { count: 3 })`)).toBe('3 permits');
});

test('a marked descriptor defined away from where it is shown reads with its values', () => {
  expect(
    showInBrowser(
      `i18n._(/*i18n*/ { id: 'Permit for {registration} updated.', values: { registration: 'AB12 CDE' } })`,
    ),
  ).toBe('Permit for AB12 CDE updated.');
});

test('a plain text is left as written, costing no bytes', () => {
  expect(compile(`i18n._('Sign in');`)).toBe(`i18n._('Sign in');`);
});

test('<Trans id> gets its compiled English beside the id', () => {
  expect(compile(`<Trans id="Hello {name}" values={{ name }} />;`)).toContain(
    'message: ["Hello ", ["name"]]',
  );
});
