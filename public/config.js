// Runtime configuration of the web app. One production build serves every environment: edit this
// file where the bundle is deployed. `npm start` and the browser tests serve their own version.
window.__KERBSIDE_CONFIG__ = {
  apiBaseUrl: 'http://localhost:8000',
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: 'localhost',
    projectId: 'demo-kerbside',
  },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  appName: 'Kerbside',
  supportEmail: 'support@kerbside.test',
};
