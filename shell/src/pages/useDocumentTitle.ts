import { useEffect } from 'react';
import { useMessages, type ShellMessages } from '../i18n/messages';

type TitleKey = { [K in keyof ShellMessages]: K extends `title${string}` ? K : never }[keyof ShellMessages];

/** Sets `document.title` for the route in the current language. */
export function useDocumentTitle(key: TitleKey): void {
  const t = useMessages();
  useEffect(() => {
    document.title = key === 'titleHome' ? t.titleHome : `${t[key]} · ${t.brand}`;
  }, [key, t]);
}
