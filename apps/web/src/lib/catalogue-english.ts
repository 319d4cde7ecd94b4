import { MESSAGES } from '@amp/contracts/messages';
import { addEnglish } from './i18n';

// The message catalogue's English (packages/contracts) is no part of the first script: the landing
// page and the help centre show none of it. Imported for this effect by what shows catalogue texts
// outside the signed-in shell (the sign-in pages, the fault portal, the not-found page, API errors);
// the shell's English (translations/en.ts) holds it too.
addEnglish(MESSAGES);
