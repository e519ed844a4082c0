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

class NodeWebGlobalsJsdomEnvironment extends TestEnvironment {
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
