// Jest resolves the `node` export condition first, so firebase/auth and react-router load builds
// that expect Node's web globals; jsdom does not provide them, so lend them from Node.
const { TestEnvironment } = require('jest-environment-jsdom');

const lent = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'structuredClone',
];

/**
 * The console jsdom reports to, without its reports of a connection refused by the address the
 * web tests point the API client at when no host stands behind them (`noApiHost` in
 * test/support/render.tsx): nothing listens there by design, and each render that called it
 * printed twenty lines of stack. Every other report of jsdom's, and the tests' own console, stay.
 */
function withoutRefusalsOfNoApiHost(console) {
  const refusedByNoApiHost = (report) =>
    report instanceof Error &&
    report.type === 'XMLHttpRequest' &&
    /\bECONNREFUSED 127\.0\.0\.1:1\b/.test(String(report.message));
  return new Proxy(console, {
    get(target, name) {
      if (name !== 'error') return Reflect.get(target, name);
      return (...reports) => {
        if (!refusedByNoApiHost(reports[0])) target.error(...reports);
      };
    },
  });
}

class NodeWebGlobalsJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, { ...context, console: withoutRefusalsOfNoApiHost(context.console) });
  }

  async setup() {
    await super.setup();
    for (const name of lent) {
      if (this.global[name] === undefined && globalThis[name] !== undefined) {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = NodeWebGlobalsJsdomEnvironment;
