// @ts-check
const { compileMessage } = require('@lingui/message-utils/compileMessage');

/**
 * English is written in the code, and is each message's id (lingui.config.ts): `i18n._('Sign in')`.
 * A browser has no message compiler (Lingui's costs 6.8 KB gzip), so a message with placeholders
 * or plurals, `i18n._('Signed in as {email}', { email })`, is compiled here at build time and
 * handed to Lingui beside its id, `i18n._('Signed in as {email}', { email }, { message: [...] })`:
 * English needs no catalogue. A message with none is shown as written
 * (src/i18n/i18n.ts). The same for `<Trans id="…">` and for a text with values defined away from
 * where it is shown, `/*i18n*\/ { id: 'Permit created for {registration}.', values }`. Welsh comes
 * compiled from its catalogue (docs/decisions/024-welsh-through-lingui.md).
 *
 * @param {{ types: typeof import('@babel/types') }} babel
 * @returns {import('@babel/core').PluginObj}
 */
module.exports = function compileEnglishMessages({ types: t }) {
  /** @param {import('@babel/types').Node | null | undefined} node */
  const literalText = (node) => {
    if (t.isStringLiteral(node)) return node.value;
    if (t.isTemplateLiteral(node) && node.expressions.length === 0) {
      return node.quasis[0]?.value.cooked ?? undefined;
    }
    return undefined;
  };
  /** @param {string} text the compiled form, or undefined where the text is shown as written */
  const compiled = (text) => {
    const message = compileMessage(text);
    // Plain text compiles to itself (in an array): shown as written, it needs no second copy.
    const plain = typeof message === 'string' || (message.length === 1 && message[0] === text);
    return plain ? undefined : t.valueToNode(message);
  };
  /** `i18n._` or `i18n.t`, also as `something.i18n._`: what Lingui's extractor reads. */
  const isTranslateCall = (/** @type {import('@babel/types').Node} */ callee) =>
    t.isMemberExpression(callee) &&
    (t.isIdentifier(callee.property, { name: '_' }) ||
      t.isIdentifier(callee.property, { name: 't' })) &&
    (t.isIdentifier(callee.object, { name: 'i18n' }) ||
      (t.isMemberExpression(callee.object) &&
        t.isIdentifier(callee.object.property, { name: 'i18n' })));

  return {
    name: 'kerbside-compile-english-messages',
    visitor: {
      ObjectExpression(path) {
        const marked = path.node.leadingComments?.some(
          (comment) => comment.value.trim() === 'i18n',
        );
        if (!marked) return;
        const keyed = (/** @type {string} */ name) =>
          path.node.properties.find(
            (property) => t.isObjectProperty(property) && t.isIdentifier(property.key, { name }),
          );
        const id = keyed('id');
        if (!id || !t.isObjectProperty(id) || keyed('message')) return;
        const text = literalText(id.value);
        if (text === undefined) return;
        const message = compiled(text);
        if (message) path.node.properties.push(t.objectProperty(t.identifier('message'), message));
      },
      CallExpression(path) {
        const { callee, arguments: args } = path.node;
        if (!isTranslateCall(callee)) return;
        const text = literalText(args[0]);
        if (text === undefined || args.length > 2) return;
        const message = compiled(text);
        if (!message) return;
        const values = args[1] ?? t.identifier('undefined');
        path.node.arguments = [
          /** @type {import('@babel/types').Expression} */ (args[0]),
          /** @type {import('@babel/types').Expression} */ (values),
          t.objectExpression([t.objectProperty(t.identifier('message'), message)]),
        ];
      },
      JSXOpeningElement(path) {
        if (!t.isJSXIdentifier(path.node.name, { name: 'Trans' })) return;
        const attributes = path.node.attributes;
        const named = (/** @type {string} */ name) =>
          attributes.find(
            (attribute) =>
              t.isJSXAttribute(attribute) && t.isJSXIdentifier(attribute.name, { name }),
          );
        const id = named('id');
        if (!id || !t.isJSXAttribute(id) || named('message')) return;
        const value = t.isJSXExpressionContainer(id.value) ? id.value.expression : id.value;
        const text = literalText(/** @type {import('@babel/types').Node} */ (value));
        if (text === undefined) return;
        const message = compiled(text);
        if (!message) return;
        attributes.push(
          t.jsxAttribute(t.jsxIdentifier('message'), t.jsxExpressionContainer(message)),
        );
      },
    },
  };
};
