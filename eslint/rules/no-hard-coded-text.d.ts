import type { Rule } from 'eslint';

/** The rule's type, for its test (the rules are plain JavaScript, as ESLint loads them). */
declare const noHardCodedText: Rule.RuleModule;
export default noHardCodedText;
