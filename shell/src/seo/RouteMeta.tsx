import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { defineMessages, LANGS, useLanguage } from '@kb/contracts';

/** Per-route meta descriptions, in both languages. */
const descriptions = defineMessages(
  {
    '/': 'Ask questions and get answers quoted from the Quran and other verified sources, with every passage cited. Free, in English and Turkish.',
    '/project': 'The project: an open, bilingual knowledge base of Islamic and related sources with a citing assistant.',
    '/about': 'Who runs and builds the knowledge base, and how to reach them.',
    '/contact': 'Write to the institute: report a bug, volunteer, give feedback or share data.',
    '/knowledge': 'Browse the sources: the Quran with its translations and the Bible today, with more collections to come.',
    '/search': 'Search the sources and ask the assistant.',
    '/chat': 'Ask the assistant: answers quoted from the sources, with verse references.',
    '/preview': 'Preview a document from the knowledge base.',
    '/open-data': 'Open data: a free, documented API for the texts behind the assistant.',
    other: 'Knowledge You can Trust: a free, bilingual knowledge base of Islamic and related sources.',
  },
  {
    '/': "Sorular sorun; Kur'an-ı Kerim'den ve diğer doğrulanmış kaynaklardan alıntılanan, her pasajı kaynak gösterilmiş cevaplar alın. Ücretsiz, Türkçe ve İngilizce.",
    '/project': 'Proje: İslami ve ilgili kaynaklardan oluşan, kaynak gösteren bir asistana sahip açık ve iki dilli bir bilgi tabanı.',
    '/about': "Bilgi Tabanı'nı kimin yürüttüğü ve geliştirdiği, onlara nasıl ulaşılacağı.",
    '/contact': 'Enstitüye yazın: hata bildirin, gönüllü olun, geri bildirim verin ya da veri paylaşın.',
    '/knowledge': "Kaynaklara göz atın: bugün mealleriyle Kur'an-ı Kerim ve Kitab-ı Mukaddes; başka koleksiyonlar yakında.",
    '/search': 'Kaynaklarda arayın ve asistana sorun.',
    '/chat': 'Asistana sorun: kaynaklardan alıntılanan, ayet numaralı cevaplar.',
    '/preview': "Bilgi Tabanı'ndaki bir belgeyi önizleyin.",
    '/open-data': 'Açık veri: asistanın dayandığı metinler için ücretsiz, belgelenmiş bir API.',
    other: 'Güvenebileceğiniz Bilgi: İslami ve ilgili kaynaklardan oluşan ücretsiz, iki dilli bir bilgi tabanı.',
  },
);

type DescribedPath = keyof (typeof descriptions)['en'];

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
}

/**
 * Keeps the document's head in step with the route and language: the meta description and the
 * `hreflang` alternates (`?lang=en`, `?lang=tr`, `x-default`) of the current page.
 */
export function RouteMeta(): ReactNode {
  const { pathname } = useLocation();
  const lang = useLanguage();
  useEffect(() => {
    const key = (pathname in descriptions.en ? pathname : 'other') as DescribedPath;
    const meta = upsert('meta[name="description"]', () => {
      const m = document.createElement('meta');
      m.setAttribute('name', 'description');
      return m;
    });
    meta.setAttribute('content', descriptions[lang][key]);
    const base = `${window.location.origin}${pathname}`;
    for (const l of [...LANGS, 'x-default'] as const) {
      const link = upsert(`link[rel="alternate"][hreflang="${l}"]`, () => {
        const el = document.createElement('link');
        el.setAttribute('rel', 'alternate');
        el.setAttribute('hreflang', l);
        return el;
      });
      link.setAttribute('href', l === 'x-default' ? base : `${base}?lang=${l}`);
    }
  }, [pathname, lang]);
  return null;
}
