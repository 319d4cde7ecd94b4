import { addEnglish } from '../../lib/i18n';
import help from '../../locales/en/help.json';
import guides from '../../locales/en/help-guides.json';

// The Help Center's English comes with its pages rather than with every page's first script
// (lib/i18n.ts). Imported for this effect by help-layout.tsx, which frames every help page: the texts
// of the frame and the guides' titles; the steps, the FAQ and the legal texts come with their pages.
addEnglish(help, guides);
