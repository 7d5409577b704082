// The web app's layers (ADR 014, after bulletproof-react): a feature imports lib, components,
// config, hooks, utils, testing and packages/shared, never another feature nor app/, which
// composes them; the shared folders import no feature and no app/. A rule of our own, because
// no-restricted-imports matches the import's text, and a relative path like '../../billing/x'
// only says where it lands once resolved against the importing file.
import path from 'node:path';

const SHARED_FOLDERS = new Set(['lib', 'components', 'config', 'hooks', 'utils']);

/**
 * Which layer a file of the web app's src folder belongs to: a feature (by name), app, a shared
 * folder, or null (outside src, or a folder the rule leaves alone such as testing/).
 * @param {string} relative path inside src, with forward slashes
 * @returns {{ kind: 'feature', name: string } | { kind: 'app' } | { kind: 'shared' } | null}
 */
export function layerOf(relative) {
  const [top, second] = relative.split('/');
  if (relative.startsWith('..') || top === undefined) return null;
  if (top === 'features' && second !== undefined) return { kind: 'feature', name: second };
  if (top === 'app') return { kind: 'app' };
  return SHARED_FOLDERS.has(top) ? { kind: 'shared' } : null;
}

/**
 * Why importing `target` from `source` (both paths inside src) breaks the layers, or null.
 * @param {string} source
 * @param {string} target
 */
export function boundaryViolation(source, target) {
  const from = layerOf(source);
  const to = layerOf(target);
  if (!from || !to) return null;
  if (from.kind === 'feature') {
    if (to.kind === 'feature' && to.name !== from.name) {
      return `features/${from.name} imports features/${to.name}: features never import each other; compose them in src/app.`;
    }
    if (to.kind === 'app') return `features/${from.name} imports src/app: app composes features, not the other way round.`;
  }
  // A shared module's test may render it inside the whole app (lib/notify.test.tsx shows toasts
  // through AppProvider); the module itself may not reach up.
  if (from.kind === 'shared' && !/\.test\.tsx?$/.test(source) && (to.kind === 'feature' || to.kind === 'app')) {
    return `${source.split('/')[0]} imports ${to.kind === 'app' ? 'src/app' : `features/${to.name}`}: shared code imports no feature and no app.`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the web app layered: features never import each other nor app/.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: { boundary: '{{reason}}' },
  },
  create(context) {
    const root = path.resolve(context.cwd, /** @type {{ root: string }} */ (context.options[0]).root);
    const toSrc = (file) => path.relative(root, file).split(path.sep).join('/');
    const source = toSrc(context.filename);
    if (layerOf(source) === null) return {};

    /** @param {import('estree').Node | null | undefined} node */
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = toSrc(path.resolve(path.dirname(context.filename), node.value));
      const reason = boundaryViolation(source, target);
      if (reason) context.report({ node, messageId: 'boundary', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
