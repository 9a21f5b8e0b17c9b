import type { ReactNode } from 'react';
import { BookOpen, FolderTree, Globe, Handshake, Lock, Search, type LucideIcon } from 'lucide-react';
import styled from 'styled-components';
import { defineMessages, SOURCE_NAMES, useLanguage, type SourceId } from '@kb/contracts';
import { colors } from '../../styles/theme';
import { useDocumentTitle } from '../useDocumentTitle';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const messages = defineMessages(
  {
    title: 'About the Project',
    description:
      'An open knowledge base with an assistant that answers from its texts and cites them. Today it holds the Quran, in Arabic and in many translations, and the Bible; hadith collections, Quran commentaries, treatises, magazines, a book series and recorded talks are being prepared and will join them.',
    missionTitle: 'Our mission',
    mission:
      'To make trustworthy religious and cultural sources easy for everyone to reach, in their own language and free of charge, and to show for every answer exactly which passage it comes from.',
    featuresTitle: 'What it offers',
    f1Title: 'Data Security',
    f1Text: 'No account, no tracking of questions: questions are not stored, and every source is kept unaltered.',
    f2Title: 'Quran & Islamic Texts',
    f2Text: 'The Arabic Quran with its translations today; hadith collections, commentaries and treatises to follow.',
    f3Title: 'Semantic Search',
    f3Text: 'Ask in everyday words, in English or Turkish, and find the passages that speak to your question.',
    f4Title: 'Open Access',
    f4Text: 'Free for everyone, with a documented open-data API for researchers and developers.',
    f5Title: 'Knowledge Repository',
    f5Text: 'A growing collection of verified sources, each credited to its translator or publisher.',
    f6Title: 'Community Driven',
    f6Text: 'Built with volunteers and partners who report errors, suggest sources and share data.',
    categoriesTitle: 'Categories',
    categoriesNote: 'Searchable now: the Quran, the Arabic Quran and the Bible. The others are marked Coming Soon on the Knowledge page until their texts are indexed.',
  },
  {
    title: 'Proje Hakkında',
    description:
      "Metinlerinden cevap veren ve kaynağını gösteren bir asistana sahip açık bir bilgi tabanı. Bugün Arapça aslı ve birçok mealiyle Kur'an-ı Kerim'i ve Kitab-ı Mukaddes'i içerir; hadis derlemeleri, tefsirler, risaleler, dergiler, bir kitap serisi ve sohbet kayıtları hazırlanıyor ve onlara eklenecek.",
    missionTitle: 'Misyonumuz',
    mission:
      'Güvenilir dinî ve kültürel kaynakları herkesin kendi dilinde ve ücretsiz olarak kolayca ulaşabileceği hâle getirmek ve her cevabın tam olarak hangi pasajdan geldiğini göstermek.',
    featuresTitle: 'Neler sunuyor',
    f1Title: 'Veri Güvenliği',
    f1Text: 'Hesap yok, sorular izlenmez: sorular saklanmaz ve her kaynak değiştirilmeden korunur.',
    f2Title: "Kur'an ve İslami Metinler",
    f2Text: "Bugün mealleriyle birlikte Arapça Kur'an; hadis derlemeleri, tefsirler ve risaleler ardından gelecek.",
    f3Title: 'Anlamsal Arama',
    f3Text: 'Türkçe ya da İngilizce, gündelik kelimelerle sorun; sorunuza değinen pasajları bulun.',
    f4Title: 'Açık Erişim',
    f4Text: "Herkes için ücretsiz; araştırmacılar ve geliştiriciler için belgelenmiş bir açık veri API'si.",
    f5Title: 'Bilgi Deposu',
    f5Text: 'Her biri mütercimine ya da yayıncısına atfedilen, büyüyen bir doğrulanmış kaynak koleksiyonu.',
    f6Title: 'Topluluk Odaklı',
    f6Text: 'Hataları bildiren, kaynak öneren ve veri paylaşan gönüllüler ve ortaklarla birlikte geliştirilir.',
    categoriesTitle: 'Kategoriler',
    categoriesNote: "Şu anda aranabilenler: Kur'an-ı Kerim, Arapça Kur'an ve Kitab-ı Mukaddes. Diğerleri, metinleri dizinlenene kadar Bilgi Kaynakları sayfasında Yakında olarak işaretlidir.",
  },
);

type Msg = (typeof messages)['en'];

/**
 * The six features, each with a Lucide icon (lucide-react, ISC licence): inline SVG, so the
 * cards look the same on every system (emoji need an emoji font, and are drawn differently by
 * each one). Decorative: the title beside it names the feature.
 */
const FEATURES: readonly { title: keyof Msg; text: keyof Msg; Icon: LucideIcon }[] = [
  { title: 'f1Title', text: 'f1Text', Icon: Lock },
  { title: 'f2Title', text: 'f2Text', Icon: BookOpen },
  { title: 'f3Title', text: 'f3Text', Icon: Search },
  { title: 'f4Title', text: 'f4Text', Icon: Globe },
  { title: 'f5Title', text: 'f5Text', Icon: FolderTree },
  { title: 'f6Title', text: 'f6Text', Icon: Handshake },
];

/** The nine collections the chips name (SPEC.md §2), named from the one list of source names. */
const CATEGORIES: readonly SourceId[] = ['quran', 'bible', 'sizinti', 'quran-arabic', 'caglayan', 'risale', 'pirlanta', 'hadith', 'tafsir'];

const Page = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: ${SPACE.xxl} ${SPACE.md};
  h1,
  h2 {
    color: ${colors.primaryDark};
  }
`;

const Lead = styled.p`
  font-size: ${FONT_SIZES.lg};
  color: ${colors.muted};
  max-width: 48rem;
`;

/**
 * The six feature cards: one, two or three columns, all of which divide six, so no width leaves
 * an orphan row (auto-fill laid them out 4 + 2 at 1280 px).
 */
const Grid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: 1fr;
  gap: ${SPACE.md};
  @media (min-width: 36rem) {
    grid-template-columns: repeat(2, 1fr);
  }
  @media (min-width: 64rem) {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Card = styled.li`
  padding: 1.25rem;
  border: 1px solid ${colors.border};
  border-radius: ${RADII.lg};
  background: ${colors.surface};
  h3 {
    margin: ${SPACE.xs} 0;
    font-size: ${FONT_SIZES.lg};
  }
  p {
    margin: 0;
    color: ${colors.muted};
  }
`;

/** The icon's tile: the brand colour on a light tint of it (11.4:1). */
const IconBox = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${RADII.md};
  background: ${colors.primarySoft};
  color: ${colors.primaryDark};
`;

const Chips = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xs};
  li {
    padding: 0.35rem 0.9rem;
    border-radius: ${RADII.pill};
    background: ${colors.primarySoft};
    color: ${colors.primaryDark};
  }
`;

/** Project (/project, SPEC.md §2): title, description, mission, six feature cards, nine category chips. */
export function ProjectPage(): ReactNode {
  const lang = useLanguage();
  const t = messages[lang];
  useDocumentTitle('titleProject');
  return (
    <Page>
      <h1>{t.title}</h1>
      <Lead>{t.description}</Lead>
      <section aria-labelledby="project-mission">
        <h2 id="project-mission">{t.missionTitle}</h2>
        <p>{t.mission}</p>
      </section>
      <section aria-labelledby="project-features">
        <h2 id="project-features">{t.featuresTitle}</h2>
        <Grid>
          {FEATURES.map(({ title, text, Icon }) => (
            <Card key={title}>
              <IconBox>
                <Icon aria-hidden="true" focusable="false" size={24} strokeWidth={1.75} />
              </IconBox>
              <h3>{t[title]}</h3>
              <p>{t[text]}</p>
            </Card>
          ))}
        </Grid>
      </section>
      <section aria-labelledby="project-categories">
        <h2 id="project-categories">{t.categoriesTitle}</h2>
        <p>{t.categoriesNote}</p>
        <Chips>
          {CATEGORIES.map((id) => (
            <li key={id}>{SOURCE_NAMES[lang][id]}</li>
          ))}
        </Chips>
      </section>
    </Page>
  );
}
