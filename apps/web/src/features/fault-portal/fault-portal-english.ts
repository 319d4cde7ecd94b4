import '../../lib/catalogue-english';
import { addEnglish } from '../../lib/i18n';
import faultPortal from '../../locales/en/fault-portal.json';

// The public portal's English comes with its pages rather than with every page's first script
// (lib/i18n.ts); imported for this effect by the public pages.
addEnglish(faultPortal);
