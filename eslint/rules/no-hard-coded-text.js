// A screen that speaks the reader's language says nothing in a language of its own: in the covered
// screens every text a person reads comes from a catalog. Reports a JSX text with a letter in it, and a
// string with a letter given as a child or to a prop a person reads (a title, a label, alt text...).
// Brand names, punctuation and numbers are no language; an allow-list names any other word that is not.

/** Props whose value a person reads or hears. */
const DEFAULT_PROPS = [
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-placeholder',
  'aria-valuetext',
  'placeholder',
  'label',
  'alt',
  'description',
  'caption',
  'children',
];

const LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'In the covered screens, every text a person reads comes from a catalog.' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          props: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      text: '"{{text}}" is written into the screen: say it through the catalog (t(...)) so every language gets it.',
      prop: '`{{prop}}="{{text}}"` is written into the screen: say it through the catalog (t(...)) so every language gets it.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const allowed = ['Freightlane', ...(options.allow ?? [])].sort((a, b) => b.length - a.length);
    const props = new Set(options.props ?? DEFAULT_PROPS);

    /** Whether a text says something in a language: a letter left once the allowed words are taken out. */
    const speaks = (text) => {
      let rest = text;
      for (const word of allowed) rest = rest.split(word).join(' ');
      return LETTER.test(rest);
    };
    const shown = (text) => {
      const flat = text.replace(/\s+/g, ' ').trim();
      return flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
    };

    /** The strings an expression may give as its value (not those it only tests). */
    function strings(node) {
      if (!node) return [];
      switch (node.type) {
        case 'Literal':
          return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
        case 'TemplateLiteral':
          return [{ node, text: node.quasis.map((q) => q.value.cooked ?? '').join(' ') }];
        case 'ConditionalExpression':
          return [...strings(node.consequent), ...strings(node.alternate)];
        case 'LogicalExpression':
          return node.operator === '&&'
            ? strings(node.right)
            : [...strings(node.left), ...strings(node.right)];
        case 'BinaryExpression':
          return node.operator === '+' ? [...strings(node.left), ...strings(node.right)] : [];
        case 'TSAsExpression':
        case 'TSSatisfiesExpression':
        case 'TSNonNullExpression':
          return strings(node.expression);
        default:
          return [];
      }
    }

    return {
      JSXText(node) {
        if (speaks(node.value))
          context.report({ node, messageId: 'text', data: { text: shown(node.value) } });
      },
      JSXExpressionContainer(node) {
        // A child such as {'Sign In'} or {open ? 'Close' : 'Open'}; props are checked by name below.
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        for (const { node: literal, text } of strings(node.expression)) {
          if (speaks(text)) context.report({ node: literal, messageId: 'text', data: { text: shown(text) } });
        }
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? node.name.name.name : node.name.name;
        if (!props.has(name) || !node.value) return;
        const found =
          node.value.type === 'Literal'
            ? [{ node: node.value, text: String(node.value.value) }]
            : node.value.type === 'JSXExpressionContainer'
              ? strings(node.value.expression)
              : [];
        for (const { node: literal, text } of found) {
          if (speaks(text)) {
            context.report({ node: literal, messageId: 'prop', data: { prop: name, text: shown(text) } });
          }
        }
      },
    };
  },
};
