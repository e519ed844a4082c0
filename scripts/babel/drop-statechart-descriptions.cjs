// @ts-check

/**
 * Production builds only (webpack.config.ts): drops every `description: '…'` from the statecharts
 * in machines/. The descriptions are for QA: the XState inspector shows them and the flow docs
 * are written from them (npm run flows), and a production build has no inspector
 * (src/shell/inspector.ts). Left in, the session's alone cost /login about a kilobyte gzip.
 *
 * @param {{ types: typeof import('@babel/types') }} babel
 * @returns {import('@babel/core').PluginObj}
 */
module.exports = function dropStatechartDescriptions({ types: t }) {
  return {
    name: 'kerbside-drop-statechart-descriptions',
    visitor: {
      ObjectProperty(path) {
        const { key, value } = path.node;
        const named =
          t.isIdentifier(key, { name: 'description' }) ||
          t.isStringLiteral(key, { value: 'description' });
        if (named && (t.isStringLiteral(value) || t.isTemplateLiteral(value))) path.remove();
      },
    },
  };
};
