import type { ReactNode } from 'react';
import { BookOpen, FolderTree, Globe, Handshake, Lock, Search, type LucideIcon } from 'lucide-react';
import styled from 'styled-components';
import { defineMessages, useLanguage } from '@kb/contracts';
import { colors } from '../../styles/theme';
import { useDocumentTitle } from '../useDocumentTitle';

const messages = defineMessages(
  {
    title: 'About the Project',
    description:
      'An open knowledge base that brings the Quran and its many translations, the Bible, hadith collections, Quran commentaries, treatises, magazines, a book series and videos together in one searchable place, with an assistant that answers from these texts and cites them.',
    missionTitle: 'Our mission',
    mission:
      'To make trustworthy religious and cultural sources easy for everyone to reach, in their own language and free of charge, and to show for every answer exactly which passage it comes from.',
    featuresTitle: 'What it offers',
    f1Title: 'Data Security',
    f1Text: 'No account, no tracking of questions: questions are not stored, and every source is kept unaltered.',
    f2Title: 'Quran & Islamic Texts',
    f2Text: 'The Arabic Quran with its translations, hadith collections, commentaries and treatises.',
    f3Title: 'Semantic Search',
    f3Text: 'Ask in everyday words, in English or Turkish, and find the passages that speak to your question.',
    f4Title: 'Open Access',
    f4Text: 'Free for everyone, with a documented open-data API for researchers and developers.',
    f5Title: 'Knowledge Repository',
    f5Text: 'A growing collection of verified sources, each credited to its translator or publisher.',
    f6Title: 'Community Driven',
    f6Text: 'Built with volunteers and partners who report errors, suggest sources and share data.',
    categoriesTitle: 'Categories',
    catQuran: 'Quran',
    catBible: 'Bible',
    catSizinti: 'Sızıntı',
    catArabicQuran: 'Arabic Quran',
    catCaglayan: 'Çağlayan',
    catRisale: 'Risale',
    catDiamond: 'Diamond Series',
    catHadith: 'Hadith',
    catTafsir: 'Quran Tafsir',
  },
  {
    title: 'Proje Hakkında',
    description:
      'Kur’an’ı ve birçok mealini, Kitab-ı Mukaddes’i, hadis derlemelerini, tefsirleri, risaleleri, dergileri, bir kitap serisini ve videoları aranabilir tek bir yerde toplayan; bu metinlerden yanıt veren ve kaynağını gösteren bir asistana sahip açık bir bilgi tabanı.',
    missionTitle: 'Misyonumuz',
    mission:
      'Güvenilir dinî ve kültürel kaynakları herkesin kendi dilinde ve ücretsiz olarak kolayca ulaşabileceği hâle getirmek ve her yanıtın tam olarak hangi pasajdan geldiğini göstermek.',
    featuresTitle: 'Neler sunuyor',
    f1Title: 'Veri Güvenliği',
    f1Text: 'Hesap yok, sorular izlenmez: sorular saklanmaz ve her kaynak değiştirilmeden korunur.',
    f2Title: 'Kur’an ve İslami Metinler',
    f2Text: 'Mealleriyle birlikte Arapça Kur’an, hadis derlemeleri, tefsirler ve risaleler.',
    f3Title: 'Anlamsal Arama',
    f3Text: 'Türkçe ya da İngilizce, gündelik kelimelerle sorun; sorunuza değinen pasajları bulun.',
    f4Title: 'Açık Erişim',
    f4Text: 'Herkes için ücretsiz; araştırmacılar ve geliştiriciler için belgelenmiş bir açık veri API’si.',
    f5Title: 'Bilgi Deposu',
    f5Text: 'Her biri mütercimine ya da yayıncısına atfedilen, büyüyen bir doğrulanmış kaynak koleksiyonu.',
    f6Title: 'Topluluk Odaklı',
    f6Text: 'Hataları bildiren, kaynak öneren ve veri paylaşan gönüllüler ve ortaklarla birlikte geliştirilir.',
    categoriesTitle: 'Kategoriler',
    catQuran: 'Kur’an',
    catBible: 'Kitab-ı Mukaddes',
    catSizinti: 'Sızıntı',
    catArabicQuran: 'Arapça Kur’an',
    catCaglayan: 'Çağlayan',
    catRisale: 'Risale',
    catDiamond: 'Pırlanta',
    catHadith: 'Hadis',
    catTafsir: 'Kur’an Tefsiri',
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

const CATEGORIES: readonly (keyof Msg)[] = [
  'catQuran',
  'catBible',
  'catSizinti',
  'catArabicQuran',
  'catCaglayan',
  'catRisale',
  'catDiamond',
  'catHadith',
  'catTafsir',
];

const Page = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 3rem 1rem;
  h1,
  h2 {
    color: ${colors.primaryDark};
  }
`;

const Lead = styled.p`
  font-size: 1.15rem;
  color: ${colors.muted};
  max-width: 48rem;
`;

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1rem;
`;

const Card = styled.li`
  padding: 1.25rem;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  background: ${colors.surface};
  h3 {
    margin: 0.5rem 0;
    font-size: 1.1rem;
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
  border-radius: 10px;
  background: ${colors.primarySoft};
  color: ${colors.primaryDark};
`;

const Chips = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  li {
    padding: 0.35rem 0.9rem;
    border-radius: 999px;
    background: ${colors.primarySoft};
    color: ${colors.primaryDark};
  }
`;

/** Project (/project, SPEC.md §2): title, description, mission, six feature cards, nine category chips. */
export function ProjectPage(): ReactNode {
  const t = messages[useLanguage()];
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
        <Chips>
          {CATEGORIES.map((c) => (
            <li key={c}>{t[c]}</li>
          ))}
        </Chips>
      </section>
    </Page>
  );
}
