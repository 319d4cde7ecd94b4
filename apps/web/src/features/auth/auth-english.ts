import '../../lib/catalogue-english';
import { addEnglish } from '../../lib/i18n';
import auth from '../../locales/en/auth.json';
import fields from '../../locales/en/fields.json';

// The sign-in pages' English comes with them rather than with every page's first script (lib/i18n.ts).
// Imported for this effect by the modules that open those pages: auth-layout.tsx and logout-page.tsx.
addEnglish(auth, fields);
