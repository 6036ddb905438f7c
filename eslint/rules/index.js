// The project's own lint rules, as one plugin: `freightlane/<rule>`.
import databaseOnlyInRepositories from './database-only-in-repositories.js';
import moduleFaces from './module-faces.js';
import noHardCodedText from './no-hard-coded-text.js';
import noImportCycle from './no-import-cycle.js';

export default {
  meta: { name: 'freightlane' },
  rules: {
    'database-only-in-repositories': databaseOnlyInRepositories,
    'module-faces': moduleFaces,
    'no-hard-coded-text': noHardCodedText,
    'no-import-cycle': noImportCycle,
  },
};
