import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { type TextParams, useTranslation } from '../lib/i18n';

interface RichTextProps {
  /** A text whose parts are marked `<name>…</name>`. */
  textKey: string;
  /** The element each marked part is put into, by its name (a link, bold text). */
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
  params?: TextParams;
}

/**
 * A translated text with parts that are links or emphasis, kept in one text so translators see the
 * whole sentence. A part named in the text but not in `components` shows as plain text.
 */
export function RichText({ textKey, components, params }: RichTextProps) {
  const { t } = useTranslation();
  const parts = t(textKey, params).split(/<(\w+)>(.*?)<\/\1>/);
  // split() with two groups gives: text, name, inner, text, name, inner, …, text.
  const nodes: ReactNode[] = [];
  for (let index = 0; index < parts.length; index += 3) {
    if (parts[index]) nodes.push(<Fragment key={`text-${index}`}>{parts[index]}</Fragment>);
    const name = parts[index + 1];
    if (name === undefined) continue;
    const inner = parts[index + 2];
    const component = components[name];
    nodes.push(component ? cloneElement(component, { key: `part-${index}` }, inner) : <Fragment key={`part-${index}`}>{inner}</Fragment>);
  }
  return <>{nodes}</>;
}
