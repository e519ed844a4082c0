// Jest gets CommonJS for the Node version it runs on; webpack (even when a test runs it) keeps ES
// modules for tree shaking and compiles for the browsers in package.json's browserslist.
module.exports = (api) => {
  const forJest = api.caller((caller) => caller?.name === 'babel-jest');
  return {
    presets: [
      ['@babel/preset-env', forJest ? { targets: { node: 'current' } } : { modules: 'auto' }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      '@babel/preset-typescript',
    ],
    // English messages with placeholders compiled at build time, in tests as in the browser.
    plugins: ['./scripts/i18n/babel-plugin-compile-english.cjs'],
  };
};
